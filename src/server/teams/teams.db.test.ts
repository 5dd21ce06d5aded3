import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { loadViewer } from "../access/viewer";
import { listAuditLog } from "../audit/list-audit-log";
import { systemContext } from "../access/system-context";
import type { LanternConfig } from "../config";
import { insertProject } from "../projects/insert-project";
import { addTeamMember } from "./add-team-member";
import { addTeamProject } from "./add-team-project";
import { createTeam } from "./create-team";
import { deleteTeam } from "./delete-team";
import { listTeams } from "./list-teams";
import { removeTeamMember } from "./remove-team-member";
import { removeTeamProject } from "./remove-team-project";

describe(`teams on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let admin: TestUser;
  let member: TestUser;
  let adminContext: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig();
    const auth = createTestAuth(database, config);
    admin = await createTestUser(database, auth, "admin");
    member = await createTestUser(database, auth, "member");
    adminContext = await createTestContext(database, config, admin.userId);
  });
  afterEach(() => database.destroy());

  const visibleTo = async (userId: string) => (await loadViewer(database.db, userId))?.projectIds;

  it("gives a member exactly the projects of their teams, and takes them away again", async () => {
    const { project: shop } = await insertProject(database.db, { name: "shop" });
    const { project: billing } = await insertProject(database.db, { name: "billing" });
    const team = await createTeam(adminContext, { name: "Checkout Team" });
    expect(team.slug).toBe("checkout-team");
    await expect(createTeam(adminContext, { name: "checkout team" })).rejects.toMatchObject({ code: "conflict" });
    expect(await visibleTo(member.userId)).toEqual(new Set());

    await addTeamMember(adminContext, { teamId: team.id, userId: member.userId });
    await addTeamProject(adminContext, { teamId: team.id, projectId: shop.id });
    await expect(addTeamProject(adminContext, { teamId: team.id, projectId: shop.id })).rejects.toMatchObject({ code: "conflict" });
    await expect(addTeamMember(adminContext, { teamId: team.id, userId: member.userId })).rejects.toMatchObject({ code: "conflict" });
    expect(await visibleTo(member.userId)).toEqual(new Set([shop.id]));
    expect(await visibleTo(admin.userId)).toBe("all");
    expect(await listTeams(database.db)).toEqual([
      { id: team.id, slug: "checkout-team", name: "Checkout Team", members: [{ userId: member.userId, name: expect.any(String), email: member.email }], projects: [{ id: shop.id, slug: "shop", name: "shop" }] },
    ]);

    await addTeamProject(adminContext, { teamId: team.id, projectId: billing.id });
    await removeTeamProject(adminContext, { teamId: team.id, projectId: shop.id });
    expect(await visibleTo(member.userId)).toEqual(new Set([billing.id]));
    await removeTeamMember(adminContext, { teamId: team.id, userId: member.userId });
    expect(await visibleTo(member.userId)).toEqual(new Set());
    await addTeamMember(adminContext, { teamId: team.id, userId: member.userId });
    await deleteTeam(adminContext, { teamId: team.id });
    expect(await visibleTo(member.userId)).toEqual(new Set());
    expect(await listTeams(database.db)).toEqual([]);

    const recorded = (await listAuditLog(systemContext(database, createTestConfig()))).entries.filter((entry) => entry.action.startsWith("team.")).reverse();
    expect(recorded.map((entry) => [entry.action, entry.target, entry.actor])).toEqual(
      ["team.created", "team.member_added", "team.project_added", "team.project_added", "team.project_removed", "team.member_removed", "team.member_added", "team.deleted"].map((action) => [action, "team:checkout-team", `user:${admin.email}`]),
    );
  });

  it("lets only owners and admins change teams", async () => {
    const memberContext = await createTestContext(database, config, member.userId);
    const team = await createTeam(adminContext, { name: "Platform" });
    const { project } = await insertProject(database.db, { name: "api" });
    await expect(createTeam(memberContext, { name: "Mine" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(addTeamMember(memberContext, { teamId: team.id, userId: member.userId })).rejects.toMatchObject({ code: "forbidden" });
    await expect(addTeamProject(memberContext, { teamId: team.id, projectId: project.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(deleteTeam(memberContext, { teamId: team.id })).rejects.toMatchObject({ code: "forbidden" });
    await expect(addTeamMember(adminContext, { teamId: 999, userId: member.userId })).rejects.toMatchObject({ code: "not_found" });
    await expect(addTeamProject(adminContext, { teamId: team.id, projectId: 999 })).rejects.toMatchObject({ code: "not_found" });
    await expect(createTeam(adminContext, { name: "  " })).rejects.toMatchObject({ code: "bad_request" });
  });
});
