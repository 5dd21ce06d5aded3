import { deflateSync } from "node:zlib";
import { normalizeSpanDescription } from "@/lib/span-description";
import { spanKindFlags, type SpanInput, type VitalInput } from "./read-spans";

/** Bits of `spans.flags` (migrations/0020-spans.ts). */
export const spanFlags = { segment: 1, db: 2, httpClient: 4 } as const;

/**
 * A span row before its strings have ids: digest makes these off the writer's thread; write-spans.ts resolves
 * the strings. The description is the normalized one (lib/span-description.ts); segment and kind are in `flags`.
 */
export type SpanDraft = Omit<SpanInput, "isSegment" | "extra"> & { flags: number };

/** The spans of one envelope item and their shared payload: one `span_payloads` row, one `spans` row each. */
export interface SpanItemRows {
  projectId: number;
  receivedAt: number;
  /** Deflated JSON: `{<span id>: {...extra, description?}}`, the description only where normalizing changed it. */
  payload: Uint8Array;
  spans: SpanDraft[];
  vitals: VitalInput[];
}

export function spanItemRows(projectId: number, receivedAt: number, spans: SpanInput[], vitals: VitalInput[] = []): SpanItemRows {
  const payload: Record<string, Record<string, unknown>> = {};
  const drafts = spans.map((span): SpanDraft => {
    const normalized = normalizeSpanDescription(span.op, span.description);
    payload[span.spanId] = normalized === span.description ? span.extra : { ...span.extra, description: span.description };
    const kind = spanKindFlags(span.op);
    return {
      traceId: span.traceId,
      spanId: span.spanId,
      parentSpanId: span.parentSpanId,
      startUs: span.startUs,
      durationUs: span.durationUs,
      op: span.op,
      description: normalized,
      segmentName: span.segmentName,
      release: span.release,
      environment: span.environment,
      status: span.status,
      ...(span.isSegment && span.userKey ? { userKey: span.userKey } : {}),
      flags: (span.isSegment ? spanFlags.segment : 0) | (kind.db ? spanFlags.db : 0) | (kind.http ? spanFlags.httpClient : 0),
    };
  });
  // Level 6, not events' 1: twenty spans of one request share most of their keys, and at about 1 KB of JSON the
  // default level costs no measurable CPU per span but saves 7 % of the database (bench:spans, 59 → 55 B a span).
  return { projectId, receivedAt, payload: deflateSync(JSON.stringify(payload), { level: 6 }), spans: drafts, vitals };
}
