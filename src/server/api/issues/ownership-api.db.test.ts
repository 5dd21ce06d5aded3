import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import { digestBatch } from "../../digest/digest-batch";
import { isAppError } from "../../errors";
import { insertProject } from "../../projects/insert-project";
import { ApiIssue } from "../schemas";
import { getApiIssue } from "./get-api-issue";
import { parseIssueUpdate, updateApiIssues } from "./update-api-issues";

/** The Sentry-compatible issue API's ownership fields on both dialects: assignedTo (people and teams), priority, isBookmarked. */
describe(`issue API ownership on ${testDialect}`, () => {
  let database: TestDatabase;
  let admin: AccessContext;
  let member: AccessContext;
  let issueId: number;
  let teamId: number;

  beforeEach(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    admin = await createTestContext(database, config, (await createTestUser(database, auth, "admin")).userId);
    const projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    const person = await createTestUser(database, auth, "member");
    const { id } = await database.db.insertInto("teams").values({ slug: "web-shop", name: "Web shop", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    teamId = Number(id);
    await database.db.insertInto("team_members").values({ team_id: teamId, user_id: person.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: teamId, project_id: projectId }).execute();
    // After the team: a viewer's projects are read when the context is made.
    member = await createTestContext(database, config, person.userId);
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    issueId = Number((await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id);
  });
  afterEach(() => database.destroy());

  const update = (context: AccessContext, body: unknown) => updateApiIssues(context, [issueId], parseIssueUpdate(body));

  it("assigns to a team and a person as Sentry names them and answers actor objects", async () => {
    expect(await update(admin, { assignedTo: `team:${teamId}` })).toEqual({ assignedTo: { type: "team", id: String(teamId), name: "web-shop" } });
    expect((await getApiIssue(admin, String(issueId))).assignedTo).toEqual({ type: "team", id: String(teamId), name: "web-shop" });
    expect(await update(admin, { assignedTo: member.viewer.email })).toEqual({ assignedTo: { type: "user", id: member.viewer.userId, name: member.viewer.name, email: member.viewer.email } });
    expect(await update(admin, { assignedTo: "#web-shop" })).toMatchObject({ assignedTo: { type: "team" } });
    expect(await update(admin, { assignedTo: "" })).toEqual({ assignedTo: null });
    const refused = await update(admin, { assignedTo: "someone-else@example.com" }).catch((error: unknown) => (isAppError(error) ? `${error.code}: ${error.message}` : error));
    expect(refused).toMatch(/^bad_request: Nobody who can see this project is “someone-else@example.com”/);
  });

  it("changes priority, and bookmarks per caller; the issue answers both, in the API's own schema", async () => {
    const before = await getApiIssue(member, String(issueId));
    expect(before).toMatchObject({ priority: "high", isBookmarked: false });
    expect(await update(member, { priority: "low", isBookmarked: true })).toEqual({ priority: "low", isBookmarked: true });
    const after = await getApiIssue(member, String(issueId));
    expect(ApiIssue.parse(after)).toMatchObject({ priority: "low", isBookmarked: true });
    expect((await getApiIssue(admin, String(issueId))).isBookmarked).toBe(false);
    expect(after.activity.find((entry) => entry.type === "set_priority")).toBeTruthy();
    expect(() => parseIssueUpdate({ priority: "urgent" })).toThrow(/priority/);
  });
});
