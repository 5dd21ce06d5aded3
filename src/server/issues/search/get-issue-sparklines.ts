import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

const hourMs = 3_600_000;
export const sparklineHours = 24;

/**
 * Events per hour over the last 24 hours (oldest first, the current hour last) for each of the given
 * issues, from digest's hourly counters: one query on the (issue_id, hour) primary key. Issues without
 * events in that window get 24 zeros.
 */
export async function getIssueSparklines(db: Kysely<Database>, issueIds: number[], now: number): Promise<Map<number, number[]>> {
  const sparklines = new Map<number, number[]>();
  if (issueIds.length === 0) return sparklines;
  const firstHour = now - (now % hourMs) - (sparklineHours - 1) * hourMs;
  for (const id of issueIds) sparklines.set(id, new Array<number>(sparklineHours).fill(0));
  const rows = await db
    .selectFrom("issue_hourly_counts")
    .select(["issue_id", "hour", "count"])
    .where("issue_id", "in", [...new Set(issueIds)])
    .where("hour", ">=", firstHour)
    .where("hour", "<", firstHour + sparklineHours * hourMs)
    .execute();
  for (const row of rows) {
    const buckets = sparklines.get(row.issue_id);
    const index = Math.floor((row.hour - firstHour) / hourMs);
    if (buckets && index >= 0 && index < sparklineHours) buckets[index]! += row.count;
  }
  return sparklines;
}
