import type { AccessContext } from "../access/authorize";
import { parseErrorField } from "../events/parse-error-search";
import { searchErrorEvents } from "../events/search-error-events";
import { getReplay } from "../replays/get-replay";
import type { ErrorEventFact } from "@/lib/replays/replay-timeline";
import type { ReplayView } from "@/lib/views/replay";

const dayMs = 24 * 60 * 60 * 1000;
const maxErrors = 100;

export interface ReplayPageData {
  replay: ReplayView;
  /** The replay's errors that are still stored, with their time (to place them) and issue (to link them). */
  errors: ErrorEventFact[];
}

/**
 * The replay page's data: the replay (404 when the viewer cannot see it) and its error events, found by
 * event id in the replay's project the way the errors search finds them (an SDK links the error to the
 * replay as it sends it, so the events lie near the recording).
 */
export async function loadReplayPage(context: AccessContext, replayId: string): Promise<ReplayPageData> {
  const replay = await getReplay(context, replayId);
  const errorIds = replay.errorIds.slice(0, maxErrors);
  if (errorIds.length === 0) return { replay, errors: [] };
  const result = await searchErrorEvents(context, {
    fields: ["id", "issue.id", "timestamp", "title"].map(parseErrorField),
    conditions: [{ kind: "match", ref: { kind: "property", property: "id" }, values: errorIds, contains: false, negated: false }],
    sort: null,
    // The id condition is an indexed equality, so a wide window costs nothing and tolerates a skewed client clock.
    window: { startMs: replay.startedAt - 90 * dayMs, endMs: replay.finishedAt + dayMs },
    projects: [String(replay.projectId)],
    environments: [],
    limit: maxErrors,
    offset: 0,
  });
  const errors = result.data.map((row) => ({
    eventId: String(row.id),
    timestampMs: Date.parse(String(row.timestamp)),
    title: String(row.title ?? ""),
    issueId: typeof row["issue.id"] === "number" ? row["issue.id"] : row["issue.id"] === null ? null : Number(row["issue.id"]),
  }));
  return { replay, errors };
}
