import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { getIssueVolume } from "./get-issue-volume";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe(`getIssueVolume on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let issueId: number;
  // A fixed "now": 2025-03-10 15:30 UTC.
  const now = Date.UTC(2025, 2, 10, 15, 30);
  const times = [now - 10 * 60_000, now - 20 * 60_000, now - 3 * hourMs, now - 30 * hourMs, now - 5 * dayMs, now - 29 * dayMs, now - 40 * dayMs];

  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    const projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    for (const time of times) {
      // Received when it happened, so digest keeps the event's own (past) timestamp.
      await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => (event.timestamp = time / 1000), time + 1000);
    }
    while ((await digestBatch(database)) > 0);
    issueId = (await database.db.selectFrom("issues").select("id").executeTakeFirstOrThrow()).id;
  });
  afterEach(() => database.destroy());

  it("counts the last 24 hours by hour, ending with the current hour", async () => {
    const volume = await getIssueVolume(context, issueId, { range: "24h", now });
    expect(volume.buckets).toHaveLength(24);
    expect(volume.buckets.at(-1)).toEqual({ start: Date.UTC(2025, 2, 10, 15), count: 2 });
    expect(volume.buckets.at(-4)).toEqual({ start: Date.UTC(2025, 2, 10, 12), count: 1 });
    expect(volume).toMatchObject({ range: "24h", bucketMs: hourMs, total: 3 });
  });

  it("counts the last 30 days by UTC day, ending with today", async () => {
    const volume = await getIssueVolume(context, issueId, { range: "30d", now });
    expect(volume.buckets).toHaveLength(30);
    expect(volume.buckets[0]!.start).toBe(Date.UTC(2025, 1, 9));
    expect(volume.buckets.at(-1)).toEqual({ start: Date.UTC(2025, 2, 10), count: 3 });
    expect(volume.buckets.at(-2)).toEqual({ start: Date.UTC(2025, 2, 9), count: 1 });
    expect(volume.buckets.at(-6)).toEqual({ start: Date.UTC(2025, 2, 5), count: 1 });
    expect(volume.buckets[0]).toEqual({ start: Date.UTC(2025, 1, 9), count: 1 });
    // The event 40 days ago is outside the window.
    expect(volume.total).toBe(6);
  });
});
