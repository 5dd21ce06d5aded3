import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString, type JsonObject } from "@/lib/json-values";
import { bagLimits, trimDatabag, type BagLimit } from "./trim-databag";

/**
 * `request`: headers (an object or pairs) become `[name, value]` pairs, a header sent as a list is
 * joined with ", "; headers, cookies and the query string are databags of Relay's sizes.
 */
export function normalizeRequest(raw: unknown, errors: ErrorCollector): JsonObject | null {
  if (raw === undefined || raw === null) return null;
  if (!isRecord(raw)) {
    errors.add("invalid_data", "request", raw);
    return null;
  }
  const request: JsonObject = { ...raw };
  if (request.headers !== undefined) {
    const headers = headerPairs(request.headers, errors);
    if (headers.length > 0) request.headers = trimDatabag(headers, bagLimits.large).value;
    else delete request.headers;
  }
  for (const [field, limit] of [
    ["cookies", bagLimits.medium],
    ["query_string", bagLimits.small],
  ] as [string, BagLimit][]) {
    if (request[field] === undefined) continue;
    if (request[field] === null) delete request[field];
    else request[field] = trimDatabag(request[field], limit).value;
  }
  return request;
}

function headerPairs(raw: unknown, errors: ErrorCollector): [string, string][] {
  const entries: [unknown, unknown][] = [];
  if (Array.isArray(raw)) {
    for (const pair of raw) {
      if (Array.isArray(pair) && pair.length === 2) entries.push([pair[0], pair[1]]);
      else errors.add("invalid_data", "request.headers", pair);
    }
  } else if (isRecord(raw)) {
    for (const name in raw) if (Object.hasOwn(raw, name)) entries.push([name, raw[name]]);
  } else if (raw !== null) {
    errors.add("invalid_data", "request.headers", raw);
  }
  const pairs: [string, string][] = [];
  for (const [name, value] of entries) {
    if (typeof name !== "string" || name === "" || value === null || value === undefined) continue;
    const text = Array.isArray(value) ? joinHeaderValues(value) : lenientString(value);
    if (text === null) errors.add("invalid_data", `request.headers.${name}`, value);
    else pairs.push([name, text]);
  }
  return pairs;
}

function joinHeaderValues(values: unknown[]): string | null {
  const texts = values.map(lenientString);
  return texts.every((text) => text !== null) ? texts.join(", ") : null;
}
