import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { insertProject } from "../projects/insert-project";
import { addTeamMember } from "../teams/add-team-member";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { listNotificationSettings } from "./list-notification-settings";
import { setNotificationPreference } from "./set-notification-opt-out";

describe(`a person's own notification settings on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let admin: TestUser;
  let member: TestUser;
  let shop: { id: number; slug: string };
  let billing: { id: number; slug: string };
  const contextOf = (user: TestUser): Promise<AccessContext> => createTestContext(database, config, user.userId);
  const optOutRows = () => database.db.selectFrom("notification_opt_outs").select(["user_id", "topic", "project_id"]).orderBy("user_id").orderBy("topic").execute();

  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    const auth = createTestAuth(database, config);
    admin = await createTestUser(database, auth, "admin");
    member = await createTestUser(database, auth, "member");
    shop = (await insertProject(database.db, { name: "shop" })).project;
    billing = (await insertProject(database.db, { name: "billing" })).project;
    const adminContext = await contextOf(admin);
    const team = await createTeam(adminContext, { name: "Checkout" });
    await addTeamProject(adminContext, { teamId: team.id, projectId: shop.id });
    await addTeamMember(adminContext, { teamId: team.id, userId: member.userId });
  });
  afterEach(() => database.destroy());

  it("lists every project the person can see with alert e-mail on, and workflow e-mail on, until they choose", async () => {
    expect(await listNotificationSettings(await contextOf(member))).toEqual({ projects: [{ id: shop.id, slug: "shop", name: "shop", alertEmail: true }], workflowEmail: true });
    const forAdmin = await listNotificationSettings(await contextOf(admin));
    expect(forAdmin.projects.map((project) => [project.slug, project.alertEmail])).toEqual([["billing", true], ["shop", true]]);
  });

  it("turns one project's alert e-mail off and on again, for that person only", async () => {
    const context = await contextOf(member);
    await setNotificationPreference(context, { topic: "alert", projectId: shop.id, enabled: false });
    await setNotificationPreference(context, { topic: "alert", projectId: shop.id, enabled: false });
    expect(await optOutRows()).toEqual([{ user_id: member.userId, topic: "alert", project_id: shop.id }]);
    expect((await listNotificationSettings(context)).projects).toEqual([{ id: shop.id, slug: "shop", name: "shop", alertEmail: false }]);
    expect((await listNotificationSettings(await contextOf(admin))).projects.map((project) => project.alertEmail)).toEqual([true, true]);
    await setNotificationPreference(context, { topic: "alert", projectId: shop.id, enabled: true });
    expect(await optOutRows()).toEqual([]);
  });

  it("turns workflow e-mail off and on, apart from alert e-mail", async () => {
    const context = await contextOf(member);
    await setNotificationPreference(context, { topic: "workflow", enabled: false });
    expect(await optOutRows()).toEqual([{ user_id: member.userId, topic: "workflow", project_id: 0 }]);
    expect(await listNotificationSettings(context)).toMatchObject({ workflowEmail: false, projects: [{ alertEmail: true }] });
    await setNotificationPreference(context, { topic: "workflow", enabled: true });
    expect((await listNotificationSettings(context)).workflowEmail).toBe(true);
  });

  it("refuses a project the person cannot see exactly like a missing one, and writes nothing", async () => {
    const context = await contextOf(member);
    await expect(setNotificationPreference(context, { topic: "alert", projectId: billing.id, enabled: false })).rejects.toMatchObject({ code: "not_found", message: `No project has id ${billing.id}.` });
    await expect(setNotificationPreference(context, { topic: "alert", projectId: 999_999, enabled: false })).rejects.toMatchObject({ code: "not_found", message: "No project has id 999999." });
    await expect(setNotificationPreference(context, { topic: "nonsense", enabled: false } as never)).rejects.toMatchObject({ code: "bad_request" });
    expect(await optOutRows()).toEqual([]);
  });

  it("refuses the CLI's system actor, which is no person", async () => {
    await expect(setNotificationPreference(systemContext(database, config), { topic: "workflow", enabled: false })).rejects.toMatchObject({ code: "bad_request" });
    expect(await optOutRows()).toEqual([]);
  });
});
