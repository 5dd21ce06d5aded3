import { normalizeSql } from "@/lib/span-description";
import type { SpanInput } from "./read-spans";

/**
 * Slow database queries in one transaction: db spans of a SELECT statement that took longer than the
 * project's threshold (Project settings, default 500 ms). One finding per statement, the slowest span;
 * each becomes an occurrence of the statement's issue (performance-issue-events.ts). Sentry waits for 100
 * detections before it opens such an issue; Lantern opens it on the first, and its event count is how often.
 */
export function detectSlowDbQueries(spans: SpanInput[], thresholdUs: number): { statement: string; span: SpanInput }[] {
  const slowest = new Map<string, SpanInput>();
  for (const span of spans) {
    if (!(span.op === "db" || span.op.startsWith("db.")) || span.description === null || span.durationUs <= thresholdUs) continue;
    if (!/^\s*select\b/i.test(span.description)) continue;
    const statement = normalizeSql(span.description);
    const previous = slowest.get(statement);
    if (!previous || previous.durationUs < span.durationUs) slowest.set(statement, span);
  }
  return [...slowest].map(([statement, span]) => ({ statement, span }));
}
