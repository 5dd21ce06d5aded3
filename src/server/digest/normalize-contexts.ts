import type { ErrorCollector } from "./collect-errors";
import { isRecord, setOwn, type JsonObject } from "@/lib/json-values";
import { bagLimits, trimDatabag } from "./trim-databag";

const traceIdPattern = /^[0-9a-f]{32}$/;
const spanIdPattern = /^[0-9a-f]{16}$/;

/**
 * `contexts`: a map of name → object whose `type` defaults to the name. Each context is a databag
 * (the "Larger" limit); trace and span ids must be lowercase hex of the right length.
 */
export function normalizeContexts(raw: unknown, errors: ErrorCollector): JsonObject | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) {
    errors.add("invalid_data", "contexts", raw);
    return null;
  }
  const contexts: JsonObject = {};
  for (const name in raw) {
    if (!Object.hasOwn(raw, name)) continue;
    const value = raw[name];
    if (value === null || value === undefined) continue;
    if (!isRecord(value)) {
      errors.add("invalid_data", `contexts.${name}`, value);
      continue;
    }
    const context = trimDatabag(value, bagLimits.larger).value as JsonObject;
    if (typeof context.type !== "string" || context.type === "") context.type = name;
    if (context.type === "trace") checkTraceIds(context, `contexts.${name}`, errors);
    setOwn(contexts, name, context);
  }
  return Object.keys(contexts).length > 0 ? contexts : null;
}

function checkTraceIds(context: JsonObject, path: string, errors: ErrorCollector): void {
  for (const [field, pattern] of [
    ["trace_id", traceIdPattern],
    ["span_id", spanIdPattern],
    ["parent_span_id", spanIdPattern],
  ] as const) {
    const value = context[field];
    if (value === undefined || value === null) continue;
    const id = typeof value === "string" ? value.replaceAll("-", "").toLowerCase() : null;
    if (id !== null && pattern.test(id)) context[field] = id;
    else {
      errors.add("invalid_data", `${path}.${field}`, value);
      delete context[field];
    }
  }
}
