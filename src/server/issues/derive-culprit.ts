import { isRecord, type JsonObject } from "@/lib/json-values";

const maxCulpritChars = 200;

/**
 * Sentry's culprit: what the SDK sent as `culprit`, else the transaction, else the newest in-app frame of
 * the newest exception (the newest frame when none is in-app), written `function(file)` for JavaScript and
 * Node and `module in function` elsewhere.
 */
export function deriveCulprit(event: JsonObject): string {
  for (const field of ["culprit", "transaction"] as const) {
    const value = event[field];
    if (typeof value === "string" && value.trim() !== "") return value.slice(0, maxCulpritChars);
  }
  const frames = culpritFrames(event);
  const frame = [...frames].reverse().find((candidate) => candidate.in_app === true) ?? frames.at(-1);
  if (!frame) return "";
  const fileLocation = stringOf(frame.module) ?? stringOf(frame.filename);
  if (!fileLocation) return "";
  const functionName = stringOf(frame.function) ?? "?";
  const platform = stringOf(frame.platform) ?? stringOf(event.platform);
  const culprit = platform === "javascript" || platform === "node" ? `${functionName}(${fileLocation})` : `${fileLocation} in ${functionName}`;
  return culprit.slice(0, maxCulpritChars);
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

function valuesOf(container: unknown): JsonObject[] {
  return isRecord(container) && Array.isArray(container.values) ? container.values.filter(isRecord) : [];
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}
