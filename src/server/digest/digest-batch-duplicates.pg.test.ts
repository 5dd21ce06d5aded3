import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { eventEnvelope } from "../../../tests/support/sdk-helpers";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { LanternDatabase } from "../db/create-database";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { digestBatch } from "./digest-batch";

/**
 * The same envelope sent to two instances at the same moment is two intake rows; the instances' digesters
 * claim them side by side (SKIP LOCKED) and, before the advisory lock per event id, both counted the event:
 * a load test saw 648 for 600. Two connection pools stand in for two instances.
 */
describe("two PostgreSQL digesters given the same event ids", () => {
  let database: TestDatabase;
  let second: LanternDatabase;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    second = database.reopen();
    shop = await insertProject(database.db, { name: "shop" });
  });
  afterEach(async () => {
    await second.close();
    await database.destroy();
  });

  it("store and count each event id once: times_seen, hourly and minute counts, users, environments and tags", { timeout: 60_000 }, async () => {
    const eventCount = 120;
    const batchSize = 40;
    const facts = { eventId: null, itemTypes: ["event"], summary: null, sdkName: null };
    const envelopes = Array.from({ length: eventCount }, (_, index) =>
      eventEnvelope({ message: "Checkout failed", environment: "production", tags: { region: `r${index % 3}` }, user: { id: `user-${index % 7}` } }),
    );
    // Each copy of a batch lands next to the other in the intake, so the two digesters claim (SKIP LOCKED)
    // the two copies of the same ids at the same moment.
    for (let start = 0; start < eventCount; start += batchSize) {
      for (let copy = 0; copy < 2; copy += 1) {
        for (const { body } of envelopes.slice(start, start + batchSize)) await storeEnvelope(database.db, shop.project.id, body, facts);
      }
    }
    const drain = async (target: LanternDatabase) => {
      while ((await digestBatch(target, batchSize)) > 0);
    };
    await Promise.all([drain(database), drain(second)]);

    const { db } = database;
    const total = async (table: "issue_hourly_counts" | "issue_minute_counts" | "issue_environments" | "issue_tag_values", column: string) =>
      Number((await db.selectFrom(table).select(sql<number>`sum(${sql.ref(column)})`.as("total")).executeTakeFirstOrThrow()).total);
    expect((await db.selectFrom("intake").select("id").where("digested_at", "is", null).execute()).length).toBe(0);
    expect((await db.selectFrom("events").select("id").execute()).length).toBe(eventCount);
    const issues = await db.selectFrom("issues").select(["times_seen", "users_seen"]).execute();
    expect(issues).toEqual([{ times_seen: eventCount, users_seen: 7 }]);
    expect(await total("issue_hourly_counts", "count")).toBe(eventCount);
    expect(await total("issue_minute_counts", "count")).toBe(eventCount);
    expect(await total("issue_environments", "times_seen")).toBe(eventCount);
    const regionCount = await db.selectFrom("issue_tag_values").select(sql<number>`sum(times_seen)`.as("total")).where("key", "=", "region").executeTakeFirstOrThrow();
    expect(Number(regionCount.total)).toBe(eventCount);
    expect((await db.selectFrom("issue_users").select("user_key").execute()).length).toBe(7);
  });
});
