/** Pure helpers for log lines shown beside traces and events (src/lib/views/related-logs.ts). */
import { formatSpanDuration } from "./trace-waterfall";

/** The logs explorer searching `query` (the explorer's own syntax: `trace:<id>`, `server.address:"…"`). */
export function logsExplorerPath(query: string): string {
  return `/logs?query=${encodeURIComponent(query)}`;
}

/** A query value, quoted when it holds a space, a quote or a bracket, so the explorer reads it as one value. */
export function quoteLogQueryValue(value: string): string {
  return /^[^\s"[\]()]+$/.test(value) ? value : `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/** "-3.2 s", "+0.4 s", "-2.0 min": a line's time relative to an event, signed, as people read it. */
export function formatRelativeOffset(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const ms = Math.abs(offsetMs);
  if (ms < 1000) return `${sign}${Math.round(ms)} ms`;
  if (ms < 60_000) return `${sign}${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${sign}${(ms / 60_000).toFixed(1)} min`;
  return `${sign}${(ms / 3_600_000).toFixed(1)} h`;
}

const severityRank: Record<string, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4, fatal: 5 };

/** The most severe level of some lines (for a marker's colour), or null when there are none. */
export function highestSeverity(lines: readonly { severity: string }[]): string | null {
  let highest: string | null = null;
  for (const line of lines) if (highest === null || (severityRank[line.severity] ?? 2) > (severityRank[highest] ?? 2)) highest = line.severity;
  return highest;
}

/** "+12.3 ms", "-0.25 ms": a line's time from the trace's start, as the waterfall's axis reads (a line may precede the first span). */
export function formatTraceOffset(offsetUs: number): string {
  return `${offsetUs < 0 ? "-" : "+"}${formatSpanDuration(Math.abs(offsetUs))}`;
}
