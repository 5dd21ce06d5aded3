/** Pure helpers of the trace waterfall (components/traces/trace-waterfall.tsx), testable without a browser. */

/** "0.25 ms", "12.3 ms", "1.24 s", "2.5 min": a span's duration as people read it. */
export function formatSpanDuration(durationUs: number): string {
  const ms = durationUs / 1000;
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 1000) return `${ms < 100 ? ms.toFixed(1) : Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/**
 * The indexes of the rows shown, given rows in tree order with their depth and the span ids collapsed: a
 * collapsed row stays, everything below it (the rows after it that are deeper) goes.
 */
export function visibleRowIndexes(rows: readonly { spanId: string; depth: number }[], collapsed: ReadonlySet<string>): number[] {
  const shown: number[] = [];
  let hideDeeperThan = Infinity;
  for (const [index, row] of rows.entries()) {
    if (row.depth > hideDeeperThan) continue;
    hideDeeperThan = Infinity;
    shown.push(index);
    if (collapsed.has(row.spanId)) hideDeeperThan = row.depth;
  }
  return shown;
}

/** The window of rows to render for a scroll position (fixed row height), with `overscan` rows either side. */
export function rowWindow(rowCount: number, rowHeight: number, scrollTop: number, viewportHeight: number, overscan = 10): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(rowCount, Math.ceil((scrollTop + viewportHeight) / rowHeight) + overscan);
  return { first, last };
}

/** A bar's place on the trace's time axis, in percent of its width; a zero-length span still shows a sliver. */
export function barPosition(startUs: number, durationUs: number, axisStartUs: number, axisEndUs: number): { left: number; width: number } {
  const total = Math.max(1, axisEndUs - axisStartUs);
  const left = Math.min(100, Math.max(0, ((startUs - axisStartUs) / total) * 100));
  return { left, width: Math.max(0.2, Math.min(100 - left, (durationUs / total) * 100)) };
}

