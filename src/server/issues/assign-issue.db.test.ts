import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
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
  beforeEach(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const admin = await createTestUser(database, createTestAuth(database, config), "admin");
    context = await createTestContext(database, config, admin.userId);
    actor = context.viewer.actor;
    expect(actor).toBe(`user:${admin.email}`);
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  const activity = async () =>
    (await database.db.selectFrom("issue_activity").select(["kind", "actor", "data"]).where("issue_id", "=", issueId).where("kind", "in", ["assigned", "unassigned"]).orderBy("id").execute()).map((row) => [row.kind, row.actor, row.data]);

  it("sets, keeps and clears the assignee, recording each change once", async () => {
    expect(await assignIssue(context, { issueId, assignee: "  Ada Lovelace " })).toEqual({ assignee: "Ada Lovelace" });
    expect((await getIssue(database.db, issueId)).assignee).toBe("Ada Lovelace");
    await assignIssue(context, { issueId, assignee: "Ada Lovelace" });
    await assignIssue(context, { issueId, assignee: "" });
    expect((await getIssue(database.db, issueId)).assignee).toBeNull();
    await assignIssue(context, { issueId, assignee: null });
    expect(await activity()).toEqual([
      ["assigned", actor, JSON.stringify({ assignee: "Ada Lovelace" })],
      ["unassigned", actor, JSON.stringify({ previous: "Ada Lovelace" })],
    ]);
  });

  it("keeps the assignee when digest updates the issue with a new event", async () => {
    await assignIssue(context, { issueId, assignee: actor });
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    expect(await getIssue(database.db, issueId)).toMatchObject({ assignee: actor, times_seen: 2 });
  });

  it("refuses names over 100 characters, control characters and merged issues", async () => {
    const refusal = (assignee: string) => assignIssue(context, { issueId, assignee }).then(() => null, (error: unknown) => (isAppError(error) ? error.code : error));
    expect(await refusal("x".repeat(101))).toBe("bad_request");
    expect(await refusal("Ada\u0000")).toBe("bad_request");
    await storeFixtureEvent(database.db, projectId, "node-message.envelope");
    await digestBatch(database);
    const other = (await database.db.selectFrom("issues").select("id").where("id", "!=", issueId).executeTakeFirstOrThrow()).id;
    await mergeIssues(context, { issueIds: [issueId, other] });
    const merged = (await getIssue(database.db, issueId)).status === "merged" ? issueId : other;
    const error = await assignIssue(context, { issueId: merged, assignee: "Ada" }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("conflict");
  });
});
