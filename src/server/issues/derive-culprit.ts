import { isRecord, type JsonObject } from "@/lib/json-values";

const maxCulpritChars = 200;

/** The names JavaScript engines and SDKs give a function without one (the SDKs' stack parsers write `?`). */
const anonymousNames = new Set(["?", "<anonymous>", "<anonymous function>", "anonymous", "anonymous function"]);
const javascriptPlatforms = new Set(["javascript", "node"]);
/** Native frames have no useful file in a culprit; Sentry names the function alone. */
const nativePlatforms = new Set(["native", "cocoa", "objc", "c"]);

/**
 * Where an event happened, as the issue list and page show it: the culprit the SDK sent (old SDKs), else
 * the event's transaction (`GET /cart`, a route), else the crashing frame — the newest in-app frame of the
 * newest exception (the newest frame when none is in-app) — written `file in function`, for example
 * `app/checkout/page.tsx in submitOrder`. A nameless function reads `<anonymous>`, never a bare `?`.
 * Digest runs this after source maps resolved the frames, so the names are the original ones.
 */
export function deriveCulprit(event: JsonObject): string {
  for (const field of ["culprit", "transaction"] as const) {
    const value = event[field];
    if (typeof value === "string" && value.trim() !== "") return value.slice(0, maxCulpritChars);
  }
  const frames = culpritFrames(event);
  const frame = [...frames].reverse().find((candidate) => candidate.in_app === true) ?? frames.at(-1);
  if (!frame) return "";
  const platform = stringOf(frame.platform) ?? stringOf(event.platform) ?? "";
  const functionName = functionNameOf(frame);
  if (nativePlatforms.has(platform)) return (functionName ?? "<unknown>").slice(0, maxCulpritChars);
  const file = javascriptPlatforms.has(platform) ? (readablePath(frame.filename) ?? stringOf(frame.module)) : (stringOf(frame.module) ?? readablePath(frame.filename));
  if (!file) return functionName ? functionName.slice(0, maxCulpritChars) : "";
  // A JavaScript frame without a name is an anonymous function; elsewhere the SDK just did not say.
  const unnamed = javascriptPlatforms.has(platform) ? "<anonymous>" : "<unknown>";
  return `${file} in ${functionName ?? unnamed}`.slice(0, maxCulpritChars);
}

function culpritFrames(event: JsonObject): JsonObject[] {
  // The newest exception first, then the threads, then a stack trace attached to a message.
  const stacktraces = [...valuesOf(event.exception).reverse(), ...valuesOf(event.threads)].map((value) => value.stacktrace);
  stacktraces.push(event.stacktrace);
  for (const stacktrace of stacktraces) {
    if (isRecord(stacktrace) && Array.isArray(stacktrace.frames) && stacktrace.frames.length > 0) return stacktrace.frames.filter(isRecord);
  }
  return [];
}

/** The frame's function, `<anonymous>` for the placeholders SDKs send when it has no name, null when absent. */
function functionNameOf(frame: JsonObject): string | null {
  const name = stringOf(frame.function)?.trim() || stringOf(frame.raw_function)?.trim();
  if (!name) return null;
  return anonymousNames.has(name.toLowerCase()) ? "<anonymous>" : name;
}

/** A frame's file without the page's origin (`https://shop.example/static/app.js` → `/static/app.js`). */
function readablePath(value: unknown): string | null {
  const path = stringOf(value);
  if (!path) return null;
  const url = /^(?:https?|app|file):\/\/[^/?#]*([^?#]*)/i.exec(path);
  return url ? url[1] || "/" : path;
}

function valuesOf(container: unknown): JsonObject[] {
  return isRecord(container) && Array.isArray(container.values) ? container.values.filter(isRecord) : [];
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
