import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { getIssueTagDistribution } from "./get-issue-tag-distribution";

describe(`getIssueTagDistribution on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
  });
  afterEach(() => database.destroy());

  async function send(count: number, tags: (index: number) => Record<string, string>): Promise<number> {
    for (let index = 0; index < count; index += 1) {
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => {
        event.tags = tags(index);
        event.environment = "production";
      });
    }
    while ((await digestBatch(database)) > 0);
    return (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  }

  it("gives each key's most frequent values with their share of the issue's events", async () => {
    // plan: pro ×6, free ×3, team ×1; browser only on half the events.
    const issueId = await send(10, (index) => ({ plan: index < 6 ? "pro" : index < 9 ? "free" : "team", ...(index % 2 === 0 ? { browser: "Firefox" } : {}) }));
    const distribution = await getIssueTagDistribution(context, issueId);
    const byKey = new Map(distribution.map((tag) => [tag.key, tag]));
    expect(byKey.get("plan")).toEqual({
      key: "plan",
      total: 10,
      valueCount: 3,
      topValues: [
        { value: "pro", count: 6, share: 0.6 },
        { value: "free", count: 3, share: 0.3 },
        { value: "team", count: 1, share: 0.1 },
      ],
      otherCount: 0,
    });
    expect(byKey.get("browser")).toEqual({ key: "browser", total: 5, valueCount: 1, topValues: [{ value: "Firefox", count: 5, share: 0.5 }], otherCount: 0 });
    // Derived tags count too, and keys come alphabetically.
    expect(byKey.get("environment")?.topValues).toEqual([{ value: "production", count: 10, share: 1 }]);
    expect(distribution.map((tag) => tag.key)).toEqual([...distribution.map((tag) => tag.key)].sort());
  });

  it("keeps only the top values per key and counts the rest as other", async () => {
    // 12 distinct values: v0 ×3, v1 ×2, ten others ×1 each; w0 makes the top three, nine are "other".
    const values = ["v0", "v0", "v0", "v1", "v1", ...Array.from({ length: 10 }, (_, index) => `w${index}`)];
    const issueId = await send(values.length, (index) => ({ shard: values[index]! }));
    const [shard] = (await getIssueTagDistribution(context, issueId, { topValues: 3 })).filter((tag) => tag.key === "shard");
    expect(shard).toMatchObject({ total: 15, valueCount: 12, otherCount: 9 });
    expect(shard!.topValues.map((value) => [value.value, value.count])).toEqual([
      ["v0", 3],
      ["v1", 2],
      ["w0", 1],
    ]);
  });
});
