import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString } from "@/lib/json-values";

const maxTagKeyChars = 200;
const maxTagValueChars = 200;
/** Sentry derives these itself; an SDK's tag of the same name would be misleading. */
const reservedKeys = new Set(["release", "dist", "user", "filename", "function"]);

export interface NormalizedTags {
  tags: [string, string][];
  /** The `environment` tag's value, which belongs in the event's field. */
  environment: string | null;
}

/**
 * sentry-protocol §4.1: tags as an object or a list of pairs; values stringified; keys and values of at
 * most 200 characters without newlines (others dropped with an error); reserved keys removed;
 * `environment` and `server_name` moved; the first of duplicate keys wins.
 */
export function normalizeTags(raw: unknown, serverName: unknown, errors: ErrorCollector): NormalizedTags {
  const pairs: [unknown, unknown][] = [];
  if (Array.isArray(raw)) {
    raw.forEach((pair, index) => {
      if (Array.isArray(pair) && pair.length === 2) pairs.push([pair[0], pair[1]]);
      else errors.add("invalid_data", `tags.${index}`, pair);
    });
  } else if (isRecord(raw)) {
    for (const key in raw) if (Object.hasOwn(raw, key)) pairs.push([key, raw[key]]);
  } else if (raw !== undefined && raw !== null) {
    errors.add("invalid_data", "tags", raw);
  }
  if (serverName !== undefined && serverName !== null) pairs.push(["server_name", serverName]);

  const tags: [string, string][] = [];
  const seen = new Set<string>();
  let environment: string | null = null;
  for (const [rawKey, rawValue] of pairs) {
    const key = lenientString(rawKey);
    const value = lenientString(rawValue);
    if (key === null || key === "" || /[\r\n]/.test(key)) {
      errors.add("invalid_data", "tags", rawKey);
      continue;
    }
    const name = `tags.${key.length > maxTagKeyChars ? key.slice(0, maxTagKeyChars) : key}`;
    if (key.length > maxTagKeyChars) {
      errors.add("value_too_long", name, key);
      continue;
    }
    if (rawValue === null || rawValue === undefined) continue;
    if (value === null || value === "" || /[\r\n]/.test(value)) {
      errors.add("invalid_data", name, rawValue);
      continue;
    }
    if (value.length > maxTagValueChars) {
      errors.add("value_too_long", name, value);
      continue;
    }
    if (reservedKeys.has(key) || seen.has(key)) continue;
    seen.add(key);
    if (key === "environment") environment = value;
    else tags.push([key, value]);
  }
  return { tags, environment };
}
