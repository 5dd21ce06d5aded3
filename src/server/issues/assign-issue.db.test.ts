import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser, type TestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { removeUser } from "../users/remove-user";
import { assignIssue } from "./assign-issue";
import { getIssue } from "./get-issue";
import { mergeIssues } from "./merge-issues";

describe(`assignIssue on ${testDialect}`, () => {
  let database: TestDatabase;
  /** A signed-in admin: assignments are recorded under their "user:<e-mail>". */
  let context: AccessContext;
  let actor: string;
  let projectId: number;
  let issueId: number;
  /** A member of the shop's team, and one of a team without the shop. */
  let member: TestUser;
  let outsider: TestUser;
  let shopTeam: number;
  let otherTeam: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    const admin = await createTestUser(database, auth, "admin");
    context = await createTestContext(database, config, admin.userId);
    actor = context.viewer.actor;
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    member = await createTestUser(database, auth, "member");
    outsider = await createTestUser(database, auth, "member");
    shopTeam = await team("shop-team", member.userId, projectId);
    otherTeam = await team("blog-team", outsider.userId, null);
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  async function team(slug: string, userId: string, project: number | null): Promise<number> {
    const { id } = await database.db.insertInto("teams").values({ slug, name: `Team ${slug}`, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: id, user_id: userId }).execute();
    if (project !== null) await database.db.insertInto("team_projects").values({ team_id: id, project_id: project }).execute();
    return Number(id);
  }
  const columns = async () => {
    const issue = await getIssue(database.db, issueId);
    return [issue.assignee_user_id, issue.assignee_team_id === null ? null : Number(issue.assignee_team_id)];
  };
  const activity = async () =>
    (await database.db.selectFrom("issue_activity").select(["kind", "actor", "data"]).where("issue_id", "=", issueId).where("kind", "in", ["assigned", "unassigned"]).orderBy("id").execute()).map((row) => [row.kind, row.actor, row.data && JSON.parse(row.data)]);
  const refusal = (assignee: string) => assignIssue(context, { issueId, assignee }).then(() => null, (error: unknown) => (isAppError(error) ? `${error.code}: ${error.message}` : error));

  it("assigns to a person by user:<id>, e-mail or name, and to a team by team:<id> or #slug; the same again records nothing", async () => {
    expect(await assignIssue(context, { issueId, assignee: `user:${member.userId}` })).toMatchObject({ assignee: { type: "user", id: member.userId, email: member.email } });
    expect(await columns()).toEqual([member.userId, null]);
    await assignIssue(context, { issueId, assignee: member.email.toUpperCase() });
    const name = (await database.db.selectFrom("users").select("name").where("id", "=", member.userId).executeTakeFirstOrThrow()).name;
    await assignIssue(context, { issueId, assignee: name });
    expect(await assignIssue(context, { issueId, assignee: "#shop-team" })).toEqual({ assignee: { type: "team", id: String(shopTeam), slug: "shop-team", name: "Team shop-team" } });
    expect(await columns()).toEqual([null, shopTeam]);
    await assignIssue(context, { issueId, assignee: `team:${shopTeam}` });
    await assignIssue(context, { issueId, assignee: "" });
    expect(await columns()).toEqual([null, null]);
    await assignIssue(context, { issueId, assignee: null });
    expect(await activity()).toEqual([
      ["assigned", actor, { assignee: name, to: `user:${member.userId}` }],
      ["assigned", actor, { assignee: "#shop-team", to: `team:${shopTeam}` }],
      ["unassigned", actor, { previous: "#shop-team", from: `team:${shopTeam}` }],
    ]);
  });

  it("refuses people and teams who cannot see the project, unknown names, and merged issues", async () => {
    expect(await refusal(outsider.email)).toMatch(/^bad_request: Nobody who can see this project/);
    expect(await refusal(`user:${outsider.userId}`)).toMatch(/^bad_request/);
    expect(await refusal(`team:${otherTeam}`)).toMatch(/^bad_request: No team of this project/);
    expect(await refusal("#blog-team")).toMatch(/^bad_request/);
    expect(await refusal("Ada Lovelace")).toMatch(/^bad_request/);
    expect(await refusal("x".repeat(321))).toMatch(/^bad_request/);
    expect(await columns()).toEqual([null, null]);
    await storeFixtureEvent(database.db, projectId, "node-message.envelope");
    await digestBatch(database);
    const other = (await database.db.selectFrom("issues").select("id").where("id", "!=", issueId).executeTakeFirstOrThrow()).id;
    await mergeIssues(context, { issueIds: [issueId, other] });
    const merged = (await getIssue(database.db, issueId)).status === "merged" ? issueId : other;
    const error = await assignIssue(context, { issueId: merged, assignee: member.email }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("conflict");
  });

  it("keeps the assignee when digest updates the issue, and unassigns when the account goes", async () => {
    await assignIssue(context, { issueId, assignee: member.email });
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    expect(await getIssue(database.db, issueId)).toMatchObject({ assignee_user_id: member.userId, times_seen: 2 });
    await removeUser(context, { userId: member.userId });
    expect(await columns()).toEqual([null, null]);
  });

  it("e-mails the assigned person, or each member of the assigned team, never the one who assigned", async () => {
    const recipients = async () => (await database.db.selectFrom("alert_deliveries").select(["recipient", "reason"]).orderBy("id").execute()).map((row) => [row.recipient, row.reason]);
    await database.db.insertInto("team_members").values({ team_id: shopTeam, user_id: context.viewer.userId }).execute();
    await assignIssue(context, { issueId, assignee: member.email });
    await assignIssue(context, { issueId, assignee: actor.slice("user:".length) });
    await assignIssue(context, { issueId, assignee: "#shop-team" });
    expect(await recipients()).toEqual([
      [member.email, "assigned"],
      [member.email, "assigned"],
    ]);
  });
});
