import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";

/** Sentry keeps a monitor's check-ins for 90 days; so does Lantern, whatever the events' retention. */
export const checkInsKeptDays = 90;
const dayMs = 86_400_000;
const rowsPerStep = 1_000;
const stepsPerPass = 200;

/**
 * Housekeeping (digest-worker, every 10 minutes on the instance holding the lease): check-ins older than 90
 * days, a thousand per short write transaction, found by `monitor_checkins_added` before the lock is taken. A
 * monitor's environments keep their state; its issues keep their events. Returns how many were deleted.
 */
export async function pruneCheckIns(database: LanternDatabase, now = Date.now()): Promise<number> {
  let deleted = 0;
  for (let step = 0; step < stepsPerPass; step += 1) {
    const rows = await database.db.selectFrom("monitor_checkins").select("id").where("date_added", "<", now - checkInsKeptDays * dayMs).limit(rowsPerStep).execute();
    if (rows.length === 0) break;
    await writeTransaction(database, (trx) => trx.deleteFrom("monitor_checkins").where("id", "in", rows.map((row) => row.id)).execute());
    deleted += rows.length;
    if (rows.length < rowsPerStep) break;
  }
  return deleted;
}
