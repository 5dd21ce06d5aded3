import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import { systemContext } from "../../access/system-context";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { loadIssueList } from "./load-issue-list";

/**
 * Issues digested before Lantern derived user.*, error.type and the rest keep the tags they had (events are
 * not derived again): `user.email:` still finds them through the one user key digest kept (`user` =
 * "email:…" for a user without an id), `error.type:` through the title digest made of the crashing
 * exception. Their rows are made here as that digest wrote them, by deleting the tags it writes today.
 */
describe(`searching issues digested before the derived tags on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "legacy" })).project.id;
  });
  afterEach(() => database.destroy());

  async function search(query: string): Promise<number[]> {
    const list = await loadIssueList(systemContext(database, createTestConfig()), { projectId, query, sort: "last_seen" });
    expect(list.error, query).toBeNull();
    return list.issues.map((issue) => issue.id);
  }

  it("finds them by the old user key and by the title's exception type", async () => {
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
      event.user = { email: "dana@example.com", ip_address: "198.51.100.9" };
      event.timestamp = Date.now() / 1000;
    });
    while ((await digestBatch(database)) > 0);
    const issue = await database.db.selectFrom("issues").select(["id", "title"]).executeTakeFirstOrThrow();
    expect(issue.title).toBe("Error: Checkout failed");
    await database.db.deleteFrom("issue_tag_values").where("key", "in", ["user.email", "user.ip", "error.type"]).execute();

    expect(await search("user.email:dana@example.com")).toEqual([issue.id]);
    expect(await search("error.type:Error")).toEqual([issue.id]);
    expect(await search("error.type:TypeError")).toEqual([]);
    expect(await search("error.type:Err")).toEqual([]);
    expect(await search('error.value:"checkout FAILED"')).toEqual([issue.id]);
    expect(await search("!user.email:dana@example.com")).toEqual([]);
    // The IP was not the user key (the e-mail was), so only events digested since find it by IP.
    expect(await search("user.ip:198.51.100.9")).toEqual([]);
  });
});
