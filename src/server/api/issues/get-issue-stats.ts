import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Sentry's stats periods: 24 hourly buckets, or 14 / 30 daily ones (UTC days), the current one last. */
export const statsPeriods = { "24h": { bucketMs: hourMs, buckets: 24 }, "14d": { bucketMs: dayMs, buckets: 14 }, "30d": { bucketMs: dayMs, buckets: 30 } } as const;
export type StatsPeriod = keyof typeof statsPeriods;

/**
 * Events per bucket for each issue as Sentry's `stats` lists them — `[unixSeconds, count]`, oldest first —
 * from digest's hourly counters: one range read on their (issue_id, hour) primary key.
 */
export async function getIssueStats(db: Kysely<Database>, issueIds: number[], period: StatsPeriod, now: number): Promise<Map<number, [number, number][]>> {
  const { bucketMs, buckets } = statsPeriods[period];
  const first = now - (now % bucketMs) - (buckets - 1) * bucketMs;
  const stats = new Map<number, [number, number][]>();
  for (const id of issueIds) stats.set(id, Array.from({ length: buckets }, (_, index): [number, number] => [(first + index * bucketMs) / 1000, 0]));
  if (issueIds.length === 0) return stats;
  const rows = await db
    .selectFrom("issue_hourly_counts")
    .select(["issue_id", "hour", "count"])
    .where("issue_id", "in", [...new Set(issueIds)])
    .where("hour", ">=", first)
    .where("hour", "<", first + buckets * bucketMs)
    .execute();
  for (const row of rows) {
    const bucket = stats.get(Number(row.issue_id))?.[Math.floor((Number(row.hour) - first) / bucketMs)];
    if (bucket) bucket[1] += Number(row.count);
  }
  return stats;
}
