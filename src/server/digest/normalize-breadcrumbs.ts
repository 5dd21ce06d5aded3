import type { ErrorCollector } from "./collect-errors";
import { normalizeLevel } from "./normalize-level";
import { parseTimestamp } from "./parse-timestamp";
import { isRecord, lenientString, readValues, type JsonObject } from "@/lib/json-values";
import { bagLimits, trimDatabag } from "./trim-databag";
import { charLimits, trimString } from "./trim-string";

/** The SDKs' default `maxBreadcrumbs`; Relay documents no cap of its own, so the newest 100 are kept. */
export const maxBreadcrumbs = 100;

/** Breadcrumbs as `{values}` or a bare list, oldest first, timestamps as float seconds. */
export function normalizeBreadcrumbs(raw: unknown, errors: ErrorCollector): JsonObject[] {
  const values = readValues(raw, false);
  if (values === "invalid") {
    errors.add("invalid_data", "breadcrumbs", raw);
    return [];
  }
  if (values === null) return [];
  const kept: JsonObject[] = [];
  // Walk from the newest so an enormous list costs only the crumbs that are kept.
  for (let index = values.length - 1; index >= 0 && kept.length < maxBreadcrumbs; index--) {
    const value = values[index];
    if (isRecord(value)) kept.push(normalizeBreadcrumb(value, `breadcrumbs.values.${index}`, errors));
    else if (value !== null) errors.add("invalid_data", `breadcrumbs.values.${index}`, value);
  }
  return kept.reverse();
}

const trimmedFields = [
  ["category", charLimits.enumLike],
  ["message", charLimits.message],
] as const;

function normalizeBreadcrumb(raw: JsonObject, path: string, errors: ErrorCollector): JsonObject {
  const crumb: JsonObject = { ...raw };
  if (crumb.timestamp !== undefined) {
    const seconds = parseTimestamp(crumb.timestamp);
    if (seconds === null) {
      if (crumb.timestamp !== null) errors.add("invalid_data", `${path}.timestamp`, crumb.timestamp);
      delete crumb.timestamp;
    } else crumb.timestamp = seconds;
  }
  crumb.type = typeof crumb.type === "string" && crumb.type !== "" ? trimString(crumb.type, charLimits.enumLike) : "default";
  for (const [field, limit] of trimmedFields) {
    if (crumb[field] === undefined) continue;
    const text = lenientString(crumb[field]);
    if (text === null) {
      if (crumb[field] !== null) errors.add("invalid_data", `${path}.${field}`, crumb[field]);
      delete crumb[field];
    } else crumb[field] = trimString(text, limit);
  }
  if (crumb.level !== undefined) {
    const level = normalizeLevel(crumb.level);
    if (level === null) {
      if (crumb.level !== null) errors.add("invalid_data", `${path}.level`, crumb.level);
      delete crumb.level;
    } else crumb.level = level;
  }
  if (crumb.data !== undefined) {
    if (isRecord(crumb.data)) crumb.data = trimDatabag(crumb.data, bagLimits.medium).value;
    else {
      if (crumb.data !== null) errors.add("invalid_data", `${path}.data`, crumb.data);
      delete crumb.data;
    }
  }
  return crumb;
}
