/** A W3C / Sentry trace id: 32 hexadecimal digits, stored and linked in lowercase. */
const traceIdPattern = /^[0-9a-f]{32}$/;

/**
 * The trace id a text names, lowercased, or null when it is not one. Accepts what people paste from a tracing
 * tool or a log line: surrounding spaces, capitals, and the UUID form with dashes (8-4-4-4-12).
 */
export function parseTraceId(text: unknown): string | null {
  if (typeof text !== "string" || text.length > 40) return null;
  const trimmed = text.trim().toLowerCase();
  const compact = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(trimmed) ? trimmed.replaceAll("-", "") : trimmed;
  return traceIdPattern.test(compact) ? compact : null;
}

/** `contexts.trace.trace_id` of a normalized event (where the SDKs put it) when it is a valid trace id, else null. */
export function eventTraceId(event: Record<string, unknown>): string | null {
  const contexts = event.contexts;
  if (typeof contexts !== "object" || contexts === null || Array.isArray(contexts) || !Object.hasOwn(contexts, "trace")) return null;
  const trace = (contexts as Record<string, unknown>).trace;
  if (typeof trace !== "object" || trace === null || Array.isArray(trace) || !Object.hasOwn(trace, "trace_id")) return null;
  return parseTraceId((trace as Record<string, unknown>).trace_id);
}
