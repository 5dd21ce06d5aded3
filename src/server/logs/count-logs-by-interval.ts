import { sql } from "kysely";
import { authorize, type AccessContext } from "../access/authorize";
import type { LogSearch } from "./parse-log-search";
import { severityLevels, type SeverityLevel } from "./read-logs";
import { findAllLogs, matchingQuery, needsPayload, projectScope } from "./search-logs";

export interface LogInterval {
  /** Epoch microseconds where the interval starts. */
  startUs: number;
  /** Lines per severity range (trace … fatal). */
  counts: Record<SeverityLevel, number>;
}

export interface LogHistogram {
  intervalUs: number;
  intervals: LogInterval[];
  total: number;
}

/** Wildcard and numeric attribute conditions are checked on payloads: at most this many lines are counted then. */
export const maxPayloadCountedLogs = 20_000;

/** Interval lengths in seconds, from a second to a day. */
const niceIntervalsS = [1, 5, 10, 30, 60, 300, 600, 900, 1800, 3600, 10_800, 21_600, 43_200, 86_400];

const emptyCounts = (): Record<SeverityLevel, number> => ({ trace: 0, debug: 0, info: 0, warn: 0, error: 0, fatal: 0 });

/**
 * Lines per interval of the search's window, by severity range, for the explorer's histogram. Counted in SQL
 * over the row's own columns (time and severity) grouped by bucket; payloads are read only when a condition
 * needs them (a wildcard or a numeric comparison on an attribute), and then for at most
 * `maxPayloadCountedLogs` lines.
 */
export async function countLogsByInterval(context: AccessContext, search: LogSearch, options: { intervals: number }): Promise<LogHistogram> {
  authorize(context, "log.search");
  const { endUs } = search.window;
  const wanted = (endUs - search.window.startUs) / Math.max(1, Math.min(options.intervals, 500));
  const intervalUs = (niceIntervalsS.find((seconds) => seconds * 1_000_000 >= wanted) ?? niceIntervalsS.at(-1)!) * 1_000_000;
  // Intervals start on whole multiples of their length (10:20, 10:30…), as a reader expects of a time axis.
  const startUs = Math.floor(search.window.startUs / intervalUs) * intervalUs;
  const intervals: LogInterval[] = [];
  for (let at = startUs; at < endUs; at += intervalUs) intervals.push({ startUs: at, counts: emptyCounts() });
  const add = (bucket: number, levelIndex: number, count: number) => {
    const interval = intervals[bucket];
    const level = severityLevels[Math.min(5, Math.max(0, levelIndex))]!;
    if (interval) interval.counts[level] += count;
  };
  if (search.conditions.some(needsPayload)) {
    const rows = await findAllLogs(context, search, maxPayloadCountedLogs);
    for (const row of rows) add(Math.floor((row.timestampUs - startUs) / intervalUs), severityLevels.indexOf(row.severity as SeverityLevel), 1);
  } else {
    const scope = await projectScope(context, search);
    const bucket = sql<number>`(timestamp_us - cast(${startUs} as bigint)) / cast(${intervalUs} as bigint)`;
    const level = sql<number>`(severity - 1) / 4`;
    // Grouped by position: PostgreSQL would not match the bucket's parameters in GROUP BY to the select's.
    const rows = await matchingQuery(context, search, scope)
      .clearSelect()
      .select([bucket.as("bucket"), level.as("level"), (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy([sql`1`, sql`2`])
      .execute();
    for (const row of rows) add(Number(row.bucket), Number(row.level), Number(row.count));
  }
  const total = intervals.reduce((sum, interval) => sum + Object.values(interval.counts).reduce((a, b) => a + b, 0), 0);
  return { intervalUs, intervals, total };
}
