import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { IssueInEnvironment, VolumeRange } from "@/lib/views/issues";
export type { IssueInEnvironment } from "@/lib/views/issues";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The issue's numbers in one environment, for the issue page under the header's filter: its events there
 * (issue_environments' counter, exact), the distinct users of its stored events there, and the volume chart
 * from its stored events there (events_issue_timestamp: the chart's window of this issue's events only).
 * Users and volume count stored events: retention may have pruned older ones, which the counters keep.
 */
export async function getIssueInEnvironment(context: AccessContext, issueId: number, environment: string, options: { range?: VolumeRange; now?: number } = {}): Promise<IssueInEnvironment> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const range = options.range ?? "24h";
  const now = options.now ?? Date.now();
  const bucketMs = range === "24h" ? hourMs : dayMs;
  const bucketCount = range === "24h" ? 24 : 30;
  const lastBucket = now - (now % bucketMs);
  const firstBucket = lastBucket - (bucketCount - 1) * bucketMs;
  const [counter, users, times] = await Promise.all([
    db.selectFrom("issue_environments").select("times_seen").where("issue_id", "=", issueId).where("environment", "=", environment).executeTakeFirst(),
    db
      .selectFrom("events")
      .select((eb) => eb.fn.count<number>("user_key").distinct().as("users"))
      .where("issue_id", "=", issueId)
      .where("environment", "=", environment)
      .executeTakeFirst(),
    db.selectFrom("events").select("timestamp").where("issue_id", "=", issueId).where("timestamp", ">=", firstBucket).where("timestamp", "<", lastBucket + bucketMs).where("environment", "=", environment).execute(),
  ]);
  const counts = new Array<number>(bucketCount).fill(0);
  for (const row of times) counts[Math.floor((Number(row.timestamp) - firstBucket) / bucketMs)]! += 1;
  return {
    environment,
    timesSeen: Number(counter?.times_seen ?? 0),
    usersSeen: Number(users?.users ?? 0),
    volume: { range, bucketMs, buckets: counts.map((count, index) => ({ start: firstBucket + index * bucketMs, count })), total: times.length },
  };
}
