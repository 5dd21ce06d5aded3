import { isRecord, type JsonObject } from "@/lib/json-values";
import { filtered } from "./filtered";
import { formatMessage } from "./normalize-logentry";
import { scrubText, type TextScrubbing } from "./scrub-text";
import { decodeParameterName } from "./scrub-url";

/**
 * Words that make a key's value a secret wherever it appears (Sentry's default data scrubbing): a key
 * containing any of them, ignoring case and `-`/`_`, is filtered.
 */
const sensitiveKeyWords = [
  "password",
  "passwd",
  "pwd",
  "secret",
  "token",
  "apikey",
  "auth",
  "cookie",
  "session",
  "csrf",
  "xsrf",
  "credential",
  "privatekey",
  "signature",
  "creditcard",
  "cardnumber",
];

export interface ScrubSettings {
  isEnabled: boolean;
  /** More key words to filter (project settings), compared like the defaults. */
  extraKeys: string[];
  /** Keys never filtered, even when they contain a sensitive word (project settings). */
  safeFields: string[];
  scrubIpAddresses: boolean;
  scrubEmails: boolean;
}

export const defaultScrubSettings: ScrubSettings = { isEnabled: true, extraKeys: [], safeFields: [], scrubIpAddresses: false, scrubEmails: false };

/** Top-level fields that are never secrets and must stay readable (modules: package names such as class-variance-authority). */
const structuralKeys = new Set(["event_id", "timestamp", "start_timestamp", "received", "platform", "level", "type", "sdk", "fingerprint", "release", "dist", "environment", "modules", "debug_meta"]);

/**
 * Fields that hold identifiers (span_id, x-request-id, orderId, a Next.js error digest): digits there are
 * not card numbers.
 */
const idKey = /(?:^|[-_.])id$|[a-z]Id$|^id$|^digest$/;

const normalizeKey = (key: string) => key.toLowerCase().replace(/[-_.\s]/g, "");

/** How the text of one event is scrubbed under a project's settings; make one per event (it remembers keys). */
export function textScrubbingFor(settings: ScrubSettings): TextScrubbing {
  const words = [...sensitiveKeyWords, ...settings.extraKeys.map(normalizeKey).filter(Boolean)];
  const safe = new Set(settings.safeFields.map(normalizeKey));
  // The same keys recur all over an event (function, filename, lineno…): decide each once.
  const decided = new Map<string, boolean>();
  const isSensitiveKey = (key: string) => {
    let isSensitive = decided.get(key);
    if (isSensitive === undefined) {
      // A query string sent as pairs or an object keeps its names encoded (`api%5Fkey`).
      const normalized = normalizeKey(key.includes("%") || key.includes("+") ? decodeParameterName(key) : key);
      isSensitive = !safe.has(normalized) && words.some((word) => normalized.includes(word));
      decided.set(key, isSensitive);
    }
    return isSensitive;
  };
  return { isSensitiveKey, scrubEmails: settings.scrubEmails, scrubIpAddresses: settings.scrubIpAddresses };
}

/**
 * Data scrubbing before anything is stored (sentry-protocol §4; Sentry's defaults): the values of keys that
 * look like secrets anywhere in the event — request headers, cookies, query string and body, extra,
 * contexts, breadcrumb data, frame variables, tags, user — become "[Filtered]", and so do secret-looking
 * values under any key (bearer tokens, PEM private keys, Luhn-valid card numbers, `key=value` pairs in
 * URLs and cookie strings; e-mail and IP addresses when the project asks). Mutates the event; returns how
 * many values were filtered.
 */
export function scrubEvent(event: JsonObject, settings: ScrubSettings): number {
  if (!settings.isEnabled) return 0;
  const text = textScrubbingFor(settings);
  const { isSensitiveKey } = text;
  const state = { count: 0 };

  /** `key`: the field the value sits under, if any — ids are never card numbers. */
  const scrubValue = (value: unknown, depth: number, key?: string): unknown => {
    if (typeof value === "string") {
      const scrubbed = scrubText(value, text, key !== undefined && idKey.test(key));
      if (scrubbed !== value) state.count++;
      return scrubbed;
    }
    if (depth > 32 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const element: unknown = value[index];
        // An element that is a [key, value] pair (headers, tags, cookies, query strings in list form) is
        // judged by its key; a list of two plain strings (two context lines) is not a pair.
        if (Array.isArray(element) && element.length === 2 && typeof element[0] === "string") {
          if (isSensitiveKey(element[0]) && element[1] !== null && element[1] !== "") {
            element[1] = filtered;
            state.count++;
          } else {
            element[1] = scrubValue(element[1], depth + 2, element[0]);
          }
        } else {
          value[index] = scrubValue(element, depth + 1, key);
        }
      }
      return value;
    }
    scrubObject(value as JsonObject, depth);
    return value;
  };

  const scrubObject = (object: JsonObject, depth: number) => {
    for (const key of Object.keys(object)) {
      const value = object[key];
      if (depth === 0 && structuralKeys.has(key)) continue;
      if (isSensitiveKey(key) && value !== null && value !== undefined && value !== "") {
        // A typed attribute of v2 spans and logs ({type, value}) keeps its shape, so readers still find a value.
        object[key] = isTypedAttribute(value) ? { ...value, type: "string", value: filtered } : filtered;
        state.count++;
      } else {
        object[key] = scrubValue(value, depth + 1, key);
      }
    }
  };

  // Before the walk, which would scrub the template's `token=%s` into `token=[Filtered]` and keep the params.
  state.count += scrubFormattedLogentry(event, text);
  scrubObject(event, 0);
  if (settings.scrubIpAddresses && isRecord(event.user) && event.user.ip_address !== undefined) {
    delete event.user.ip_address;
    state.count++;
  }
  return state.count;
}

/** `{type: "string" | "integer" | "double" | "boolean" | "array", value, unit?}`, as v2 spans and logs carry attributes. */
function isTypedAttribute(value: unknown): value is { type: string; value: unknown } {
  return isRecord(value) && typeof value.type === "string" && "value" in value && Object.keys(value).every((key) => key === "type" || key === "value" || key === "unit");
}

/**
 * Digest formats a log message with its params after scrubbing (normalize-logentry), and params that are
 * harmless alone can make a secret together (`token=%s`, a card number split in two). So the message is
 * formatted here, as normalization would, and scrubbed; when that filters anything, the params, which
 * spell the secret, are filtered, and the scrubbed text becomes `formatted` unless the SDK sent one (itself
 * scrubbed as any string), so normalization keeps it instead of formatting the params again.
 */
function scrubFormattedLogentry(event: JsonObject, text: TextScrubbing): number {
  const entry = event.logentry !== undefined && event.logentry !== null ? event.logentry : event.message;
  if (!isRecord(entry) || typeof entry.message !== "string") return 0;
  const { params } = entry;
  if (!Array.isArray(params) && !isRecord(params)) return 0;
  const formatted = formatMessage(entry.message, params);
  const scrubbed = scrubText(formatted, text);
  if (scrubbed === formatted) return 0;
  if (entry.formatted === undefined || entry.formatted === null || entry.formatted === "") entry.formatted = scrubbed;
  entry.params = Array.isArray(params) ? params.map(() => filtered) : Object.fromEntries(Object.keys(params).map((key) => [key, filtered]));
  return 1;
}
