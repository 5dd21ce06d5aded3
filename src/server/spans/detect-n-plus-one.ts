import { normalizeSql } from "@/lib/span-description";
import type { SpanInput } from "./read-spans";

/** Sentry's defaults (telemetry-protocol.md §5): at least five repeats, 50 ms together. */
export const nPlusOneMinimumRepeats = 5;
export const nPlusOneMinimumTotalUs = 50_000;

export interface NPlusOneQuery {
  /** The span the repeated queries are children of. */
  parent: SpanInput;
  /** The statement, literals replaced: what every repeat shares. */
  statement: string;
  /** The repeating spans, in the order they ran. */
  spans: SpanInput[];
  totalUs: number;
}

/**
 * N+1 queries in one transaction: under one parent, a run of at least five sibling db spans with the same
 * normalized statement, one after the other (none overlapping the next: parallel queries are not N+1),
 * lasting 50 ms or more together. A statement cut short by the SDK (ending in "…" or "...") cannot be
 * compared and is skipped, as Sentry does. One finding per parent and statement: the longest run.
 */
export function detectNPlusOneQueries(spans: SpanInput[]): NPlusOneQuery[] {
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const children = new Map<string, SpanInput[]>();
  for (const span of spans) {
    if (span.parentSpanId === null || !byId.has(span.parentSpanId)) continue;
    let siblings = children.get(span.parentSpanId);
    if (!siblings) children.set(span.parentSpanId, (siblings = []));
    siblings.push(span);
  }
  const findings: NPlusOneQuery[] = [];
  for (const [parentId, siblings] of children) {
    const ordered = [...siblings].sort((a, b) => a.startUs - b.startUs);
    const best = new Map<string, NPlusOneQuery>();
    let run: SpanInput[] = [];
    let runStatement: string | null = null;
    const closeRun = () => {
      if (runStatement !== null && run.length >= nPlusOneMinimumRepeats) {
        const totalUs = run.reduce((sum, span) => sum + span.durationUs, 0);
        const previous = best.get(runStatement);
        if (totalUs >= nPlusOneMinimumTotalUs && (!previous || previous.spans.length < run.length)) {
          best.set(runStatement, { parent: byId.get(parentId)!, statement: runStatement, spans: run, totalUs });
        }
      }
      run = [];
      runStatement = null;
    };
    for (const span of ordered) {
      const statement = comparableStatement(span);
      const last = run.at(-1);
      if (statement !== null && statement === runStatement && last && span.startUs >= last.startUs + last.durationUs) {
        run.push(span);
        continue;
      }
      closeRun();
      if (statement !== null) {
        run = [span];
        runStatement = statement;
      }
    }
    closeRun();
    findings.push(...best.values());
  }
  return findings;
}

function comparableStatement(span: SpanInput): string | null {
  if (!(span.op === "db" || span.op.startsWith("db.")) || span.description === null) return null;
  const description = span.description.trimEnd();
  if (description.endsWith("...") || description.endsWith("…")) return null;
  return normalizeSql(description);
}
