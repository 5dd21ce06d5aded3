import { isRecord, readValues, type JsonObject } from "@/lib/json-values";

/** A whole entry that is one `{{ name }}` variable (blanks inside the braces optional), sentry-protocol §5.6. */
const wholeVariable = /^\{\{\s*([^\s{}]+)\s*\}\}$/;
const anyVariable = /\{\{\s*([^\s{}]+)\s*\}\}/g;

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
const records = (value: unknown): JsonObject[] => {
  const values = readValues(value, false);
  return Array.isArray(values) ? values.filter(isRecord) : [];
};
export const framesOf = (holder: unknown): JsonObject[] => (isRecord(holder) && isRecord(holder.stacktrace) ? records(holder.stacktrace.frames) : []);

/** Exceptions oldest → newest; the last one is the error that was finally thrown. */
export const exceptionsOf = (event: JsonObject): JsonObject[] => records(event.exception);

/**
 * A tag's value from the normalized `[key, value]` list (or a raw object). Sentry adds `transaction`, `level`,
 * `environment` and `release` tags itself before grouping; Lantern keeps those as fields, so they are the
 * fallback (the built-in hydration rule needs `tags.transaction`).
 */
export function readTag(event: JsonObject, name: string): string | null {
  const tags = event.tags;
  const pairs = Array.isArray(tags) ? tags : isRecord(tags) ? Object.entries(tags) : [];
  for (const pair of pairs) if (Array.isArray(pair) && pair[0] === name && text(pair[1])) return pair[1] as string;
  return ["transaction", "level", "environment", "release"].includes(name) ? text(event[name]) : null;
}

/** The log message as formatted, else its template, else the legacy top-level `message` string. */
export function messageOf(event: JsonObject): string | null {
  const logentry = isRecord(event.logentry) ? event.logentry : {};
  return text(logentry.formatted) ?? text(logentry.message) ?? text(event.message);
}

/**
 * The "crashing frame" for stack variables: the newest in-app frame of the last exception's stacktrace (else
 * the top-level stacktrace, else the crashed or only thread), falling back to its newest frame.
 */
function crashFrameOf(event: JsonObject): JsonObject | null {
  const threads = records(event.threads).filter((t) => framesOf(t).length > 0);
  const thread = threads.find((t) => t.crashed === true) ?? (threads.length === 1 ? threads[0] : undefined);
  const candidates = [framesOf(exceptionsOf(event).at(-1)), framesOf(event), framesOf(thread)];
  const frames = candidates.find((list) => list.length > 0) ?? [];
  return frames.findLast((frame) => frame.in_app === true) ?? frames.at(-1) ?? null;
}

/** One variable's value with Sentry's `<no-…>` fallbacks; null for `default` and unknown names (kept literal). */
function resolveVariable(name: string, event: JsonObject): string | null {
  const key = name.toLowerCase();
  if (key.startsWith("tags.")) return readTag(event, name.slice(5)) ?? `<no-value-for-tag-${name.slice(5)}>`;
  const frameField: Record<string, [string, string]> = {
    function: ["function", "<no-function>"], "stack.function": ["function", "<no-function>"],
    path: ["abs_path", "<no-abs-path>"], "stack.abs_path": ["abs_path", "<no-abs-path>"], "stack.filename": ["filename", "<no-filename>"],
    module: ["module", "<no-module>"], "stack.module": ["module", "<no-module>"], package: ["package", "<no-package>"], "stack.package": ["package", "<no-package>"],
  };
  const field = frameField[key];
  if (field) return text(crashFrameOf(event)?.[field[0]]) ?? field[1];
  const thrown = exceptionsOf(event).at(-1);
  if (key === "type" || key === "error.type") return text(thrown?.type) ?? "<no-type>";
  if (key === "value" || key === "error.value") return text(thrown?.value) ?? "<no-value>";
  if (key === "transaction") return text(event.transaction) ?? "<no-transaction>";
  if (key === "message") return messageOf(event) ?? "<no-message>";
  if (key === "level") return text(event.level) ?? "<no-level>";
  if (key === "logger") return text(event.logger) ?? "<no-logger>";
  return null;
}

/** Trims each entry and resolves whole-entry variables; `{{ default }}` and unknown variables stay as written. */
export function resolveFingerprintVariables(fingerprint: string[], event: JsonObject): string[] {
  return fingerprint.map((raw) => {
    const entry = raw.trim();
    const variable = wholeVariable.exec(entry);
    return (variable && resolveVariable(variable[1]!, event)) ?? entry;
  });
}

/** A rule's `title="…"`: variables may sit inside the text ("Error from {{ logger }}"). */
export function resolveTitleTemplate(title: string, event: JsonObject): string {
  return title.replace(anyVariable, (whole, name: string) => resolveVariable(name, event) ?? whole);
}

export const isDefaultFingerprintEntry = (entry: string): boolean => /^\{\{\s*default\s*\}\}$/i.test(entry.trim());

/**
 * §5.6: "default" = just `{{ default }}` (an empty fingerprint too, rather than one group for everything),
 * "hybrid" = `{{ default }}` plus other entries, "custom" = no `{{ default }}`.
 */
export function classifyFingerprint(fingerprint: string[]): "default" | "hybrid" | "custom" {
  const defaults = fingerprint.filter(isDefaultFingerprintEntry).length;
  if (fingerprint.length === 0 || (defaults === 1 && fingerprint.length === 1)) return "default";
  return defaults > 0 ? "hybrid" : "custom";
}
