import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString, type JsonObject } from "@/lib/json-values";
import { bagLimits, trimDatabag } from "./trim-databag";
import { charLimits, trimString } from "./trim-string";

const longestText = charLimits.message.max + charLimits.message.allowance;
const percentPlaceholder = /%(?:\((\w+)\))?[#0+ -]*(?:\d+|\*)?(?:\.\d+)?[hlL]?([diouxXeEfFgGcrsa%])/g;
const bracePlaceholder = /\{(\w*)\}/g;

/**
 * sentry-protocol §4.1: `logentry` (or the legacy `message`, a string or an object) becomes
 * `{formatted, message?, params?}`. With params and no `formatted`, the message is formatted; a
 * `formatted` that is missing or equal to `message` takes its place. Returns null when nothing is left.
 */
export function normalizeLogentry(logentry: unknown, message: unknown, errors: ErrorCollector): JsonObject | null {
  const useLogentry = logentry !== undefined && logentry !== null;
  const raw = useLogentry ? logentry : message;
  const name = useLogentry ? "logentry" : "message";
  if (raw === undefined || raw === null) return null;
  const text = lenientString(raw);
  const entry: JsonObject = text !== null ? { formatted: text } : isRecord(raw) ? { ...raw } : {};
  if (text === null && !isRecord(raw)) {
    errors.add("invalid_data", name, raw);
    return null;
  }
  for (const field of ["message", "formatted"]) {
    if (entry[field] === undefined) continue;
    const value = lenientString(entry[field]);
    if (value === null || value === "") {
      if (value === null && entry[field] !== null) errors.add("invalid_data", `${name}.${field}`, entry[field]);
      delete entry[field];
    } else entry[field] = trimString(value, charLimits.message);
  }
  if (entry.params !== undefined) {
    if (Array.isArray(entry.params) || isRecord(entry.params)) entry.params = trimDatabag(entry.params, bagLimits.medium).value;
    else {
      if (entry.params !== null) errors.add("invalid_data", `${name}.params`, entry.params);
      delete entry.params;
    }
  }
  if (typeof entry.message === "string") {
    if (entry.formatted === undefined && entry.params !== undefined) {
      entry.formatted = trimString(formatMessage(entry.message, entry.params), charLimits.message);
    }
    if (entry.formatted === undefined || entry.formatted === entry.message) {
      entry.formatted = entry.message;
      delete entry.message;
    }
  }
  return entry.formatted === undefined ? null : entry;
}

/**
 * Python `%s` / `%(name)s` placeholders when the message has any, else `{}` / `{0}` / `{name}`.
 * A placeholder without a matching param stays as written. Output stops growing past the message limit,
 * so a message full of placeholders cannot blow up.
 */
export function formatMessage(template: string, params: unknown): string {
  const list = Array.isArray(params) ? params : null;
  const named = isRecord(params) ? params : null;
  let next = 0;
  const pick = (key: string | undefined): { found: boolean; value?: unknown } => {
    if (key === undefined || key === "") {
      if (list && next < list.length) return { found: true, value: list[next++] };
      return { found: false };
    }
    if (/^\d+$/.test(key)) {
      const index = Number(key);
      return list && index < list.length ? { found: true, value: list[index] } : { found: false };
    }
    return named && Object.hasOwn(named, key) ? { found: true, value: named[key] } : { found: false };
  };

  const hasPercent = [...template.matchAll(percentPlaceholder)].some((match) => match[2] !== "%");
  const pattern = hasPercent ? percentPlaceholder : bracePlaceholder;
  let output = "";
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    output += template.slice(last, match.index);
    last = match.index + match[0].length;
    if (hasPercent && match[2] === "%") output += "%";
    else {
      const param = pick(match[1]);
      output += param.found ? renderParam(param.value) : match[0];
    }
    if (output.length > longestText) return output;
  }
  return output + template.slice(last);
}

function renderParam(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
