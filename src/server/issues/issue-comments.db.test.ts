import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { digestBatch } from "../digest/digest-batch";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { addIssueComment } from "./add-issue-comment";
import { listIssueComments } from "./list-issue-comments";

describe(`issue comments on ${testDialect}`, () => {
  let database: TestDatabase;
  /** Two signed-in people: a comment's author is whoever is signed in ("user:<e-mail>"). */
  let ada: AccessContext;
  let grace: AccessContext;
  let author: string;
  let other: string;
  let issueId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    const config = createTestConfig();
    const auth = createTestAuth(database, config);
    ada = await createTestContext(database, config, (await createTestUser(database, auth, "admin")).userId);
    grace = await createTestContext(database, config, (await createTestUser(database, auth, "owner")).userId);
    [author, other] = [ada.viewer.actor, grace.viewer.actor];
    expect(author).toMatch(/^user:admin-.*@lantern\.test$/);
    const projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (isAppError(error) ? `${error.code}: ${error.message}` : error));

  it("keeps comments trimmed, oldest first, and notes each in the activity", async () => {
    const first = await addIssueComment(ada, { issueId, body: "  Looking into it.\n" });
    await addIssueComment(grace, { issueId, body: "Fixed in <b>1.2</b>" });
    expect(first).toMatchObject({ author, body: "Looking into it.", createdAt: expect.any(Number) });
    const comments = await listIssueComments(ada, issueId);
    expect(comments.map((comment) => [comment.author, comment.body])).toEqual([
      [author, "Looking into it."],
      [other, "Fixed in <b>1.2</b>"],
    ]);
    const activity = await database.db.selectFrom("issue_activity").select(["kind", "actor", "data"]).where("issue_id", "=", issueId).where("kind", "=", "note").orderBy("id").execute();
    expect(activity).toEqual([
      { kind: "note", actor: author, data: JSON.stringify({ commentId: first.id }) },
      { kind: "note", actor: other, data: JSON.stringify({ commentId: comments[1]!.id }) },
    ]);
  });

  it("accepts 1 to 10,000 characters and refuses empty, longer and unknown-issue comments without writing", async () => {
    expect(await refusal(addIssueComment(ada, { issueId, body: "x".repeat(10_000) }))).toBeNull();
    expect(await refusal(addIssueComment(ada, { issueId, body: " \n\t " }))).toMatch(/^bad_request: /);
    expect(await refusal(addIssueComment(ada, { issueId, body: "x".repeat(10_001) }))).toBe("bad_request: A comment has at most 10,000 characters.");
    expect(await refusal(addIssueComment(ada, { issueId: issueId + 100, body: "hello" }))).toMatch(/^not_found: /);
    expect(await listIssueComments(ada, issueId)).toHaveLength(1);
    expect(await refusal(listIssueComments(ada, issueId + 100))).toMatch(/^not_found: /);
  });
});
