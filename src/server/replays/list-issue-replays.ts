import { authorizeIssues, type AccessContext } from "../access/authorize";
import { canSeeProject } from "../access/viewer";
import { selectReplays, toReplayView } from "./replay-views";
import type { ReplayView } from "@/lib/views/replay";

const maxReplays = 50;

/**
 * The replays of an issue's events that carry a replay id (`contexts.replay.replay_id` or the `replayId`
 * tag), newest event first, each with the event it was seen with, so the player opens at that error.
 * Found through the events (the partial index `events_issue_replay`), so merges and unmerges carry them.
 */
export async function listIssueReplays(context: AccessContext, issueId: number): Promise<{ replay: ReplayView; eventId: string; eventTimestamp: number }[]> {
  await authorizeIssues(context, "replay.list", [issueId]);
  const events = await context.db
    .selectFrom("events")
    .select(["project_id", "event_id", "timestamp", "replay_id"])
    .where("issue_id", "=", issueId)
    .where("replay_id", "is not", null)
    .orderBy("timestamp", "desc")
    .limit(1000)
    .execute();
  const newestEvent = new Map<string, (typeof events)[number]>();
  for (const event of events) {
    const key = `${event.project_id}:${event.replay_id}`;
    if (!newestEvent.has(key)) newestEvent.set(key, event);
    if (newestEvent.size >= maxReplays) break;
  }
  if (newestEvent.size === 0) return [];
  const replayIds = [...new Set([...newestEvent.values()].map((event) => event.replay_id!))];
  const rows = await selectReplays(context.db).where("replays.replay_id", "in", replayIds).execute();
  const result: { replay: ReplayView; eventId: string; eventTimestamp: number }[] = [];
  for (const row of rows) {
    const event = newestEvent.get(`${row.project_id}:${row.replay_id}`);
    if (!event || !canSeeProject(context.viewer, Number(row.project_id))) continue;
    result.push({ replay: toReplayView(row), eventId: event.event_id, eventTimestamp: Number(event.timestamp) });
  }
  return result.sort((a, b) => b.eventTimestamp - a.eventTimestamp);
}
