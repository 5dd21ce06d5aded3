import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { dayMs } from "./read-uptime-stats";

/** Hourly sums are kept this long: the status page's 90 days and the monitor page's 30. */
export const uptimeHourRetentionDays = 90;
const batch = 5000;

/**
 * Deletes uptime checks older than `checkDays` (LANTERN_UPTIME_CHECK_RETENTION_DAYS) and hourly sums older than
 * 90 days, 5,000 rows per short write transaction through the time indexes. Returns how many checks went.
 */
export async function pruneUptimeChecks(database: LanternDatabase, checkDays: number, now = Date.now()): Promise<number> {
  const checkCutoff = now - checkDays * dayMs;
  let deleted = 0;
  for (;;) {
    const gone = await writeTransaction(database, (trx) =>
      trx
        .deleteFrom("uptime_checks")
        .where("id", "in", (eb) => eb.selectFrom("uptime_checks").select("id").where("checked_at", "<", checkCutoff).limit(batch))
        .executeTakeFirst(),
    );
    deleted += Number(gone.numDeletedRows);
    if (Number(gone.numDeletedRows) < batch) break;
  }
  const hourCutoff = now - uptimeHourRetentionDays * dayMs;
  await writeTransaction(database, (trx) => trx.deleteFrom("uptime_check_hours").where("hour", "<", hourCutoff).execute());
  return deleted;
}
