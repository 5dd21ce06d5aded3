import { sql } from "kysely";
import { authorizeIssues, type AccessContext } from "../access/authorize";

/**
 * How many replays each issue's events carry (Sentry's replay-count): issues without one are left out.
 * Counts distinct replay ids among the events through the partial index `events_issue_replay`; an event's
 * replay that was never received (sampled out of the recording, or pruned) still counts, as in Sentry.
 */
export async function countReplaysForIssues(context: AccessContext, issueIds: number[]): Promise<Map<number, number>> {
  const unique = [...new Set(issueIds)];
  if (unique.length === 0) return new Map();
  await authorizeIssues(context, "replay.list", unique);
  const rows = await context.db
    .selectFrom("events")
    .select(["issue_id", sql<number>`count(distinct replay_id)`.as("replays")])
    .where("issue_id", "in", unique)
    .where("replay_id", "is not", null)
    .groupBy("issue_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.issue_id), Number(row.replays)]));
}
