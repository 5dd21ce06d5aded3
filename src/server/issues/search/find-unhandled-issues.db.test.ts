import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { systemContext } from "../../access/system-context";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { findUnhandledIssues } from "./find-unhandled-issues";
import { loadIssueList } from "./load-issue-list";

describe(`unhandled issues in the list on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  /** Digests the @sentry/node fixture as a new issue (its own fingerprint) whose crash was handled or not. */
  async function sendIssue(name: string, isHandled: boolean): Promise<number> {
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
      event.fingerprint = [name];
      const values = (event.exception as { values: { mechanism?: Record<string, unknown> }[] }).values;
      // The SDK's global handlers mark what reached them as not handled (onuncaughtexception, onunhandledrejection).
      for (const value of values) value.mechanism = { ...value.mechanism, handled: isHandled, type: isHandled ? "generic" : "onuncaughtexception" };
    });
    while ((await digestBatch(database)) > 0);
    const issue = await database.db.selectFrom("issues").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    return Number(issue.id);
  }

  it("marks the issues an event of which crashed unhandled, and only those", async () => {
    const caught = await sendIssue("caught", true);
    const crashed = await sendIssue("crashed", false);
    expect(caught).not.toBe(crashed);
    expect(await findUnhandledIssues(database.db, [caught, crashed])).toEqual(new Set([crashed]));
    expect(await findUnhandledIssues(database.db, [])).toEqual(new Set());

    const list = await loadIssueList(systemContext(database, createTestConfig()), { projectId, query: undefined, sort: "last_seen" });
    expect(list.issues.map((issue) => [issue.id, issue.isUnhandled])).toEqual(
      expect.arrayContaining([
        [caught, false],
        [crashed, true],
      ]),
    );
  });

  it("keeps the mark once a later event of the same issue was handled", async () => {
    const crashed = await sendIssue("flaky", false);
    expect(await sendIssue("flaky", true)).toBe(crashed);
    expect(await findUnhandledIssues(database.db, [crashed])).toEqual(new Set([crashed]));
  });
});
