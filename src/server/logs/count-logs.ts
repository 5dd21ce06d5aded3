import type { AccessContext } from "../access/authorize";
import { parseLogQuery } from "./parse-log-search";
import { countMatchingLogs } from "./search-logs";

export interface LogCount {
  /** Matching lines, at most `cap`. */
  count: number;
  /** The count stopped at the cap: at least this many match. */
  isCapped: boolean;
}

/**
 * How many of a project's log lines in [startMs, endMs) match a query (the logs search syntax), counting at
 * most `cap`: what a log alert needs to compare with its threshold, through the search index, without reading
 * the lines' payloads unless the query needs attributes. Authorized as `log.search`.
 */
export async function countLogs(context: AccessContext, input: { projectId: number; query: string; startMs: number; endMs: number; cap: number }): Promise<LogCount> {
  const search = {
    conditions: parseLogQuery(input.query),
    window: { startUs: input.startMs * 1000, endUs: input.endMs * 1000 },
    projects: [String(input.projectId)],
    environments: [],
    sort: { key: "timestamp" as const, descending: true },
    limit: 1,
    offset: 0,
  };
  const count = await countMatchingLogs(context, search, input.cap);
  return { count, isCapped: count >= input.cap };
}
