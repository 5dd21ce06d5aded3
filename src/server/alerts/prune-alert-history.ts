import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { deliveryDeadlineMs } from "./alert-sender";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
/** Minute buckets serve windows up to an hour; two hours leave room for late events. */
export const minuteCountsKeptMs = 2 * hourMs;
/** The delivery log shows a month. */
export const deliveriesKeptMs = 30 * dayMs;
const rowsPerStep = 1_000;
const stepsPerPass = 200;

/**
 * Housekeeping for alerts, every 10 minutes with the rest (digest-worker): minute buckets older than two
 * hours, and finished deliveries (with their attempts) older than 30 days; a delivery still pending is kept
 * until the sender gives it up (24 h). A thousand rows per short write transaction, each found by an index
 * before the lock is taken. Returns how many rows were deleted.
 */
export async function pruneAlertHistory(database: LanternDatabase, now = Date.now()): Promise<number> {
  const { db } = database;
  let deleted = 0;
  for (let step = 0; step < stepsPerPass; step += 1) {
    const rows = await db.selectFrom("issue_minute_counts").select(["issue_id", "minute"]).where("minute", "<", now - minuteCountsKeptMs).limit(rowsPerStep).execute();
    if (rows.length === 0) break;
    await writeTransaction(database, async (trx) => {
      for (const { issue_id, minute } of rows) await trx.deleteFrom("issue_minute_counts").where("issue_id", "=", issue_id).where("minute", "=", minute).execute();
    });
    deleted += rows.length;
    if (rows.length < rowsPerStep) break;
  }
  const deadline = now - Math.max(deliveriesKeptMs, deliveryDeadlineMs);
  for (let step = 0; step < stepsPerPass; step += 1) {
    const rows = await db.selectFrom("alert_deliveries").select("id").where("created_at", "<", deadline).where("status", "!=", "pending").limit(rowsPerStep).execute();
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    await writeTransaction(database, async (trx) => {
      await trx.deleteFrom("alert_delivery_attempts").where("delivery_id", "in", ids).execute();
      await trx.deleteFrom("alert_deliveries").where("id", "in", ids).execute();
    });
    deleted += rows.length;
    if (rows.length < rowsPerStep) break;
  }
  return deleted;
}
