import { authorizeIssues, type AccessContext } from "../access/authorize";
import { issueVolumeBuckets } from "@/lib/issue-volume-buckets";
import type { IssueVolume, VolumeRange } from "@/lib/views/issues";
export type { IssueVolume } from "@/lib/views/issues";
export type { VolumeRange } from "@/lib/views/issues";

/** Event counts over time from `issue_hourly_counts` (kept by digest, untouched by retention). */
export async function getIssueVolume(context: AccessContext, issueId: number, options: { range?: VolumeRange; now?: number } = {}): Promise<IssueVolume> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const buckets = issueVolumeBuckets(options.range ?? "24h", options.now ?? Date.now());
  const rows = await db.selectFrom("issue_hourly_counts").select(["hour", "count"]).where("issue_id", "=", issueId).where("hour", ">=", buckets.window.start).where("hour", "<", buckets.window.end).execute();
  return buckets.volume(rows.map((row) => ({ time: Number(row.hour), count: Number(row.count) })));
}
