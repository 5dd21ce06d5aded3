import { readTags } from "./event-payload";
import { isRecord } from "./json-values";

export interface TraceAndDigest {
  /** `contexts.trace.trace_id`: the distributed trace the event belongs to. */
  traceId: string | null;
  /** The `digest` tag: the digest Next.js showed on its error page for this server error. */
  digest: string | null;
}

/**
 * The two ids a person carries between systems for one event: the trace id (to find the request in a
 * tracing tool or in logs) and the Next.js digest (what a user copied from the error page). Both are
 * untrusted text from the stored event; an empty or non-string value counts as absent.
 */
export function readTraceAndDigest(payload: Record<string, unknown>): TraceAndDigest {
  const contexts = isRecord(payload.contexts) ? payload.contexts : null;
  const trace = contexts && Object.hasOwn(contexts, "trace") && isRecord(contexts.trace) ? contexts.trace : null;
  const traceId = trace && typeof trace.trace_id === "string" && trace.trace_id !== "" ? trace.trace_id : null;
  const digest = readTags(payload).find(([key, value]) => key === "digest" && value !== "")?.[1] ?? null;
  return { traceId, digest };
}

/** `contexts.trace.span_id` (16 hex digits, lowercased): the span the event happened in, for "View in trace"; else null. */
export function readTraceSpanId(payload: Record<string, unknown>): string | null {
  const contexts = isRecord(payload.contexts) ? payload.contexts : null;
  const trace = contexts && Object.hasOwn(contexts, "trace") && isRecord(contexts.trace) ? contexts.trace : null;
  const spanId = trace && Object.hasOwn(trace, "span_id") && typeof trace.span_id === "string" ? trace.span_id.toLowerCase() : null;
  return spanId !== null && /^[0-9a-f]{16}$/.test(spanId) ? spanId : null;
}
