import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { VolumeRange } from "@/lib/views/issues";
import type { IssueVolume } from "@/lib/views/issues";
export type { IssueVolume } from "@/lib/views/issues";
export type { VolumeRange } from "@/lib/views/issues";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** Event counts over time from `issue_hourly_counts` (kept by digest, untouched by retention). */
export async function getIssueVolume(context: AccessContext, issueId: number, options: { range?: VolumeRange; now?: number } = {}): Promise<IssueVolume> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const range = options.range ?? "24h";
  const now = options.now ?? Date.now();
  const bucketMs = range === "24h" ? hourMs : dayMs;
  const bucketCount = range === "24h" ? 24 : 30;
  const lastBucket = now - (now % bucketMs);
  const firstBucket = lastBucket - (bucketCount - 1) * bucketMs;
  const rows = await db.selectFrom("issue_hourly_counts").select(["hour", "count"]).where("issue_id", "=", issueId).where("hour", ">=", firstBucket).where("hour", "<", lastBucket + bucketMs).execute();
  const counts = new Array<number>(bucketCount).fill(0);
  for (const row of rows) counts[Math.floor((row.hour - firstBucket) / bucketMs)]! += row.count;
  const buckets = counts.map((count, index) => ({ start: firstBucket + index * bucketMs, count }));
  return { range, bucketMs, buckets, total: counts.reduce((sum, count) => sum + count, 0) };
}
