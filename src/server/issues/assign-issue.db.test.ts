import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { assignIssue } from "./assign-issue";
import { getIssue } from "./get-issue";
import { mergeIssues } from "./merge-issues";

const actor = "user:test";

describe(`assignIssue on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  let issueId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  const activity = async () =>
    (await database.db.selectFrom("issue_activity").select(["kind", "actor", "data"]).where("issue_id", "=", issueId).where("kind", "in", ["assigned", "unassigned"]).orderBy("id").execute()).map((row) => [row.kind, row.actor, row.data]);

  it("sets, keeps and clears the assignee, recording each change once", async () => {
    expect(await assignIssue(database, { issueId, actor, assignee: "  Ada Lovelace " })).toEqual({ assignee: "Ada Lovelace" });
    expect((await getIssue(database.db, issueId)).assignee).toBe("Ada Lovelace");
    await assignIssue(database, { issueId, actor, assignee: "Ada Lovelace" });
    await assignIssue(database, { issueId, actor, assignee: "" });
    expect((await getIssue(database.db, issueId)).assignee).toBeNull();
    await assignIssue(database, { issueId, actor, assignee: null });
    expect(await activity()).toEqual([
      ["assigned", actor, JSON.stringify({ assignee: "Ada Lovelace" })],
      ["unassigned", actor, JSON.stringify({ previous: "Ada Lovelace" })],
    ]);
  });

  it("keeps the assignee when digest updates the issue with a new event", async () => {
    await assignIssue(database, { issueId, actor, assignee: actor });
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    expect(await getIssue(database.db, issueId)).toMatchObject({ assignee: actor, times_seen: 2 });
  });

  it("refuses names over 100 characters, control characters and merged issues", async () => {
    const refusal = (assignee: string) => assignIssue(database, { issueId, actor, assignee }).then(() => null, (error: unknown) => (isAppError(error) ? error.code : error));
    expect(await refusal("x".repeat(101))).toBe("bad_request");
    expect(await refusal("Ada\u0000")).toBe("bad_request");
    await storeFixtureEvent(database.db, projectId, "node-message.envelope");
    await digestBatch(database);
    const other = (await database.db.selectFrom("issues").select("id").where("id", "!=", issueId).executeTakeFirstOrThrow()).id;
    await mergeIssues(database, { issueIds: [issueId, other], actor });
    const merged = (await getIssue(database.db, issueId)).status === "merged" ? issueId : other;
    const error = await assignIssue(database, { issueId: merged, actor, assignee: "Ada" }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.code).toBe("conflict");
  });
});
