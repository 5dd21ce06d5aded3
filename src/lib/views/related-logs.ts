/**
 * Log lines shown beside a trace or an event (src/server/logs/list-trace-logs.ts, logs-around-event.ts), as
 * plain data for the trace page and the issue page.
 */

export interface RelatedLogLine {
  id: number;
  projectId: number;
  projectSlug: string;
  /** Epoch microseconds. */
  timestampUs: number;
  /** The level of the severity's range: trace, debug, info, warn, error, fatal. */
  severity: string;
  severityNumber: number;
  /** The message as sent (untrusted text). */
  message: string;
  traceId: string;
  spanId: string | null;
}

/** A trace's log lines, oldest first, at most `maxLines` of them (`total` counts them all). */
export interface TraceLogs {
  traceId: string;
  lines: RelatedLogLine[];
  total: number;
  isCapped: boolean;
  maxLines: number;
  /** The logs explorer searching `trace:<id>`. */
  explorerPath: string;
}

/** Why a line is shown beside an event: it is in the event's trace, or it came from the same server/release just before or after. */
export type LogRelation = "trace" | "nearby";

export interface LogAroundEvent extends RelatedLogLine {
  relation: LogRelation;
}

export interface LogsAroundEvent {
  /** Epoch milliseconds: the event's time, which each line's offset is relative to. */
  eventTimestampMs: number;
  traceId: string | null;
  serverName: string | null;
  release: string | null;
  /** How far either side of the event the nearby lines reach, in milliseconds. */
  windowMs: number;
  /** The event's trace first, then the nearby lines; each part newest first. */
  lines: LogAroundEvent[];
  maxLines: number;
  /** True when more lines of a part match than are shown. */
  hasMoreInTrace: boolean;
  hasMoreNearby: boolean;
  traceExplorerPath: string | null;
  nearbyExplorerPath: string | null;
}
