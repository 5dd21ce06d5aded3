import { authorizeIssues, type AccessContext } from "../access/authorize";
import { issueVolumeBuckets } from "@/lib/issue-volume-buckets";
import type { IssueInEnvironment, VolumeRange } from "@/lib/views/issues";
export type { IssueInEnvironment } from "@/lib/views/issues";

/**
 * The issue's numbers in one environment, for the issue page under the header's filter: its events there
 * (issue_environments' counter, exact), the distinct users of its stored events there, and the volume chart
 * from its stored events there (events_issue_timestamp: the chart's window of this issue's events only).
 * Users and volume count stored events: retention may have pruned older ones, which the counters keep.
 */
export async function getIssueInEnvironment(context: AccessContext, issueId: number, environment: string, options: { range?: VolumeRange; now?: number } = {}): Promise<IssueInEnvironment> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const buckets = issueVolumeBuckets(options.range ?? "24h", options.now ?? Date.now());
  const [counter, users, times] = await Promise.all([
    db.selectFrom("issue_environments").select("times_seen").where("issue_id", "=", issueId).where("environment", "=", environment).executeTakeFirst(),
    db
      .selectFrom("events")
      .select((eb) => eb.fn.count<number>("user_key").distinct().as("users"))
      .where("issue_id", "=", issueId)
      .where("environment", "=", environment)
      .executeTakeFirst(),
    db.selectFrom("events").select("timestamp").where("issue_id", "=", issueId).where("timestamp", ">=", buckets.window.start).where("timestamp", "<", buckets.window.end).where("environment", "=", environment).execute(),
  ]);
  return {
    environment,
    timesSeen: Number(counter?.times_seen ?? 0),
    usersSeen: Number(users?.users ?? 0),
    volume: buckets.volume(times.map((row) => ({ time: Number(row.timestamp), count: 1 }))),
  };
}
