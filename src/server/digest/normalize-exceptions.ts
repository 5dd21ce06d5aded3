import type { ErrorCollector } from "./collect-errors";
import { isRecord, lenientString, readValues, type JsonObject } from "@/lib/json-values";
import { normalizeStacktrace } from "./normalize-stacktrace";
import { charLimits, trimString } from "./trim-string";

/** A value like "TypeError: foo" with no type is split in two (sentry-protocol §4.3 item 8). */
const typedValue = /^(\w+): (.*)$/s;

/** `exception` as `{values}`, a bare list or one object; entries with neither type nor value are dropped. */
export function normalizeExceptions(raw: unknown, errors: ErrorCollector): JsonObject[] {
  const values = readValues(raw, true);
  if (values === "invalid") {
    errors.add("invalid_data", "exception", raw);
    return [];
  }
  const exceptions: JsonObject[] = [];
  values?.forEach((value, index) => {
    const path = `exception.values.${index}`;
    if (!isRecord(value)) {
      if (value !== null) errors.add("invalid_data", path, value);
      return;
    }
    const exception = normalizeException(value, path, errors);
    if (exception) exceptions.push(exception);
    else errors.add("missing_attribute", path);
  });
  return exceptions;
}

function normalizeException(raw: JsonObject, path: string, errors: ErrorCollector): JsonObject | null {
  const exception: JsonObject = { ...raw };
  let type = lenientString(raw.type);
  let value = exceptionValue(raw.value);
  if (raw.type !== undefined && raw.type !== null && type === null) errors.add("invalid_data", `${path}.type`, raw.type);
  if (!type && value) {
    const match = typedValue.exec(value);
    if (match) [type, value] = [match[1]!, match[2]!];
  }
  if (type) exception.type = trimString(type, charLimits.symbol);
  else delete exception.type;
  if (value) exception.value = trimString(value, charLimits.message);
  else delete exception.value;
  if (!type && !value) return null;

  if (exception.module !== undefined) {
    const moduleName = lenientString(exception.module);
    if (moduleName === null) delete exception.module;
    else exception.module = trimString(moduleName, charLimits.path);
  }
  if (exception.mechanism !== undefined) {
    if (isRecord(exception.mechanism)) {
      const mechanism: JsonObject = { ...exception.mechanism };
      // `type` is required on a mechanism; "generic" is what the SDKs use when they know nothing better.
      if (typeof mechanism.type !== "string" || mechanism.type === "") mechanism.type = "generic";
      for (const flag of ["handled", "synthetic", "is_exception_group"]) {
        if (mechanism[flag] !== undefined && typeof mechanism[flag] !== "boolean") {
          if (mechanism[flag] !== null) errors.add("invalid_data", `${path}.mechanism.${flag}`, mechanism[flag]);
          delete mechanism[flag];
        }
      }
      exception.mechanism = mechanism;
    } else {
      if (exception.mechanism !== null) errors.add("invalid_data", `${path}.mechanism`, exception.mechanism);
      delete exception.mechanism;
    }
  }
  for (const field of ["stacktrace", "raw_stacktrace"]) {
    if (exception[field] === undefined) continue;
    const stacktrace = normalizeStacktrace(exception[field], `${path}.${field}`, errors);
    if (stacktrace) exception[field] = stacktrace;
    else delete exception[field];
  }
  return exception;
}

/** Relay reads the value leniently: numbers and booleans as text, objects as their JSON. */
function exceptionValue(value: unknown): string | null {
  const text = lenientString(value);
  if (text !== null || value === undefined || value === null) return text;
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/** `threads` as `{values}` or a bare list; their stacktraces get the same limits as exceptions'. */
export function normalizeThreads(raw: unknown, errors: ErrorCollector): JsonObject[] {
  const values = readValues(raw, false);
  if (values === "invalid") {
    errors.add("invalid_data", "threads", raw);
    return [];
  }
  const threads: JsonObject[] = [];
  values?.forEach((value, index) => {
    const path = `threads.values.${index}`;
    if (!isRecord(value)) {
      if (value !== null) errors.add("invalid_data", path, value);
      return;
    }
    const thread: JsonObject = { ...value };
    for (const field of ["stacktrace", "raw_stacktrace"]) {
      if (thread[field] === undefined) continue;
      const stacktrace = normalizeStacktrace(thread[field], `${path}.${field}`, errors);
      if (stacktrace) thread[field] = stacktrace;
      else delete thread[field];
    }
    threads.push(thread);
  });
  return threads;
}
