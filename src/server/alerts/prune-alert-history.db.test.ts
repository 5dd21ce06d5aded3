import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject } from "../projects/insert-project";
import { deliveriesKeptMs, minuteCountsKeptMs, pruneAlertHistory } from "./prune-alert-history";

describe(`alert housekeeping on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("drops minute buckets past two hours and finished deliveries past 30 days with their attempts, keeping pending ones", async () => {
    const now = Date.now();
    const { project } = await insertProject(database.db, { name: "shop" });
    const minutes = Array.from({ length: 2_500 }, (_, index) => ({ issue_id: 1 + (index % 7), minute: now - minuteCountsKeptMs - (index + 1) * 60_000, count: 1 }));
    for (let start = 0; start < minutes.length; start += 250) await database.db.insertInto("issue_minute_counts").values(minutes.slice(start, start + 250)).execute();
    await database.db.insertInto("issue_minute_counts").values({ issue_id: 1, minute: now - 60_000, count: 3 }).execute();
    const delivery = (status: string, createdAt: number) => ({
      delivery_id: `d-${status}-${createdAt}`,
      project_id: project.id,
      rule_id: null,
      issue_id: null,
      channel_id: null,
      kind: "email",
      recipient: "a@lantern.test",
      reason: "new",
      message: "{}",
      status,
      next_attempt_at: createdAt,
      lease_until: null,
      response_code: null,
      last_error: null,
      created_at: createdAt,
      finished_at: null,
    });
    const old = now - deliveriesKeptMs - 60_000;
    const rows = await database.db
      .insertInto("alert_deliveries")
      .values([delivery("sent", old), delivery("failed", old), delivery("pending", old), delivery("sent", now)])
      .returning(["id", "status", "created_at"])
      .execute();
    await database.db.insertInto("alert_delivery_attempts").values(rows.map((row) => ({ delivery_id: row.id, attempted_at: row.created_at, response_code: 200, error: null, duration_ms: 5 }))).execute();

    expect(await pruneAlertHistory(database, now)).toBe(2_502);
    expect(await database.db.selectFrom("issue_minute_counts").select(["issue_id", "count"]).execute()).toEqual([{ issue_id: 1, count: 3 }]);
    const kept = await database.db.selectFrom("alert_deliveries").select(["status", "created_at"]).orderBy("id").execute();
    expect(kept).toEqual([{ status: "pending", created_at: old }, { status: "sent", created_at: now }]);
    expect(await database.db.selectFrom("alert_delivery_attempts").select("delivery_id").execute()).toHaveLength(2);
  });
});
