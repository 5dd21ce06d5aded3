import { isRecord } from "@/lib/json-values";
import type { LogAttribute } from "@/lib/views/logs";
import { maxLogBytes } from "../ingest/inspect-envelope";
import { timestampUs } from "../spans/read-spans";

/** A typed attribute as SDKs send it (telemetry-protocol §1.3): `{type, value}`. */
export type { LogAttribute };

/**
 * One log line as digest stores it, whichever shape it came in (a `log` container item, a legacy `otel_log`
 * item, or OTLP/HTTP logs turned into a container): the columns of `logs` as plain values, and what the row
 * does not hold — parameters and the other attributes — for the deflated payload.
 */
export interface LogInput {
  timestampUs: number;
  traceId: string;
  spanId: string | null;
  /** OTel severity number, 1–24 (telemetry-protocol §1.4). */
  severityNumber: number;
  /** The level as sent when it is not the name of the severity's range ("notice", "critical"). */
  levelText: string | null;
  /** The message as sent, at most `maxBodyLength` characters. */
  body: string;
  /** `sentry.message.template` */
  template: string | null;
  /** `sentry.message.parameter.<index|name>` by index or name. */
  parameters: Record<string, LogAttribute>;
  release: string | null;
  environment: string | null;
  /** Every other attribute, capped in number, key length and value length. */
  attributes: Record<string, LogAttribute>;
}

export interface ReadLogs {
  logs: LogInput[];
  /** Lines left out or clamped, each with why; the rest of the item is kept. */
  problems: string[];
}

/** A message longer than this is cut (8 KiB of text: a log line, not a document; the full text is not kept). */
export const maxBodyLength = 8 * 1024;
/** Attributes kept per line (as spans keep); the rest are dropped and counted in `lantern.dropped_attributes_count`. */
export const maxLogAttributes = 200;
export const maxAttributeKeyLength = 128;
export const maxAttributeValueLength = 8 * 1024;
const maxNameLength = 200;
/** Under PostgreSQL's b-tree entry size (about 2,700 bytes) in UTF-8 whatever the characters. */
export const maxTemplateLength = 500;

export const severityLevels = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
export type SeverityLevel = (typeof severityLevels)[number];
const levelAliases: Record<string, SeverityLevel> = { warning: "warn", information: "info", informational: "info", critical: "fatal", err: "error" };

/** The level of a severity number: 1–4 trace, 5–8 debug, 9–12 info, 13–16 warn, 17–20 error, 21–24 fatal. */
export function levelOfSeverity(severityNumber: number): SeverityLevel {
  return severityLevels[Math.min(5, Math.max(0, Math.floor((severityNumber - 1) / 4)))]!;
}

/** The lowest severity number of a level's range, as SDKs send it (1, 5, 9, 13, 17, 21). */
export function severityOfLevel(level: SeverityLevel): number {
  return severityLevels.indexOf(level) * 4 + 1;
}

export function levelNamed(text: string): SeverityLevel | null {
  const lower = text.trim().toLowerCase();
  return (severityLevels as readonly string[]).includes(lower) ? (lower as SeverityLevel) : (levelAliases[lower] ?? null);
}

const traceIdPattern = /^[0-9a-f]{32}$/;
const spanIdPattern = /^[0-9a-f]{16}$/;

function idOf(value: unknown, pattern: RegExp): string | null {
  if (typeof value !== "string") return null;
  const id = value.replaceAll("-", "").toLowerCase();
  return pattern.test(id) && !/^0+$/.test(id) ? id : null;
}

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value !== "" ? value.slice(0, max) : null;
}

/** One attribute value as a typed attribute, capped; null when it has no usable value. */
function typedAttribute(entry: unknown): LogAttribute | null {
  const value = isRecord(entry) && "value" in entry ? entry.value : entry;
  const type = isRecord(entry) ? entry.type : undefined;
  if (typeof value === "string") return { type: "string", value: value.length > maxAttributeValueLength ? value.slice(0, maxAttributeValueLength) : value };
  if (typeof value === "boolean") return { type: "boolean", value };
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    return { type: type === "double" || !Number.isInteger(value) ? "double" : "integer", value };
  }
  if (value !== null && value !== undefined && typeof value === "object") {
    // Arrays and objects (some SDKs send them untyped) are kept as their JSON text, as Relay keeps arrays.
    const json = JSON.stringify(value);
    return { type: "string", value: json.length > maxAttributeValueLength ? json.slice(0, maxAttributeValueLength) : json };
  }
  return null;
}

const parameterPrefix = "sentry.message.parameter.";
/** Attributes the row holds in its own columns: not kept again in the payload. */
const columnAttributes = new Set(["sentry.message.template", "sentry.release", "sentry.environment", "sentry.severity_text", "sentry.severity_number"]);

/**
 * The lines of a `log` container (`{items: [...]}`, telemetry-protocol §1.4). Relay's rules: a line needs a
 * timestamp, a trace id and a body; one that lacks them is dropped with a reason, the others are kept. What
 * is clamped is said too: a body cut to 8 KiB, attributes beyond 200 or with keys over 128 characters, a
 * severity number outside 1–24 or a level no range names.
 */
export function logsOfContainer(container: Record<string, unknown>, { checkLineSizes = false } = {}): ReadLogs {
  const items = container.items;
  if (!Array.isArray(items)) throw new Error("a log container needs an items array");
  const logs: LogInput[] = [];
  const problems: string[] = [];
  for (const [index, item] of items.entries()) {
    // Relay's max_log_size; only a container larger than one line may hold a line over it, so only such a
    // container pays for measuring its lines.
    if (checkLineSizes && Buffer.byteLength(JSON.stringify(item) ?? "") > maxLogBytes) {
      problems.push(`log ${index + 1}: larger than ${maxLogBytes} bytes (dropped)`);
      continue;
    }
    const log = readLog(item, `log ${index + 1}`, problems);
    if (log) logs.push(log);
  }
  return { logs, problems };
}

function readLog(item: unknown, name: string, problems: string[]): LogInput | null {
  if (!isRecord(item)) {
    problems.push(`${name}: not an object (dropped)`);
    return null;
  }
  const timestamp = timestampUs(item.timestamp);
  if (timestamp === null) {
    problems.push(`${name}: timestamp is missing or out of range (dropped)`);
    return null;
  }
  const traceId = idOf(item.trace_id, traceIdPattern);
  if (!traceId) {
    problems.push(`${name}: trace_id is not 32 hex digits (dropped)`);
    return null;
  }
  let body: string;
  if (typeof item.body === "string") body = item.body;
  else if (typeof item.body === "number" || typeof item.body === "boolean") body = String(item.body);
  else {
    problems.push(`${name}: body is not a string (dropped)`);
    return null;
  }
  if (body.length > maxBodyLength) {
    problems.push(`${name}: body of ${body.length} characters cut to ${maxBodyLength}`);
    body = body.slice(0, maxBodyLength);
  }
  const rawAttributes = isRecord(item.attributes) ? item.attributes : {};
  const attributes: Record<string, LogAttribute> = {};
  const parameters: Record<string, LogAttribute> = {};
  let kept = 0;
  let tooMany = 0;
  let badKeys = 0;
  let template: string | null = null;
  let release: string | null = null;
  let environment: string | null = null;
  let severityText: string | null = null;
  let attributeSpanId: string | null = null;
  for (const key of Object.keys(rawAttributes)) {
    if (key === "" || key.length > maxAttributeKeyLength) {
      badKeys += 1;
      continue;
    }
    const value = typedAttribute(rawAttributes[key]);
    if (value === null) continue;
    // @sentry/node sends the active span's id as this attribute, not as `span_id`: the row's column holds it.
    if (key === "sentry.trace.parent_span_id" && attributeSpanId === null) {
      attributeSpanId = idOf(value.value, spanIdPattern);
      if (attributeSpanId !== null) continue;
    }
    if (columnAttributes.has(key)) {
      const textValue = typeof value.value === "string" ? value.value : null;
      if (key === "sentry.message.template") {
        // A template is a string lines share, kept once per project under a unique index: a longer one (a
        // message built before logging) stays with the line's attributes instead.
        if (textValue !== null && textValue.length <= maxTemplateLength) template = textValue;
        else if (textValue !== null) attributes[key] = value;
      }
      else if (key === "sentry.release") release = text(textValue, maxNameLength);
      else if (key === "sentry.environment") environment = text(textValue, 64);
      else if (key === "sentry.severity_text") severityText = textValue;
      continue;
    }
    if (kept >= maxLogAttributes) {
      tooMany += 1;
      continue;
    }
    kept += 1;
    if (key.startsWith(parameterPrefix)) parameters[key.slice(parameterPrefix.length)] = value;
    else attributes[key] = value;
  }
  if (tooMany > 0) {
    attributes["lantern.dropped_attributes_count"] = { type: "integer", value: tooMany + badKeys };
    problems.push(`${name}: ${tooMany} attributes beyond ${maxLogAttributes} dropped`);
  }
  if (badKeys > 0) {
    attributes["lantern.dropped_attributes_count"] = { type: "integer", value: tooMany + badKeys };
    problems.push(`${name}: ${badKeys} attribute${badKeys === 1 ? "" : "s"} with an empty key or one over ${maxAttributeKeyLength} characters dropped`);
  }
  const severity = severityOf(item.severity_number, item.level ?? severityText, name, problems);
  return {
    timestampUs: timestamp,
    traceId,
    spanId: idOf(item.span_id, spanIdPattern) ?? attributeSpanId,
    ...severity,
    body,
    template,
    parameters,
    release,
    environment,
    attributes,
  };
}

/**
 * The severity number as sent when it is a whole number 1–24; a number outside is clamped (and said); none
 * is derived from the level (the lowest number of its range); a level no range names is kept as text with
 * `info`'s number, as Relay keeps unknown levels.
 */
function severityOf(number: unknown, level: unknown, name: string, problems: string[]): { severityNumber: number; levelText: string | null } {
  const levelText = typeof level === "string" ? level.slice(0, 32) : null;
  const named = levelText === null ? null : levelNamed(levelText);
  const keptText = levelText !== null && (named === null || named !== levelText) ? levelText : null;
  if (typeof number === "number" && Number.isFinite(number)) {
    const rounded = Math.round(number);
    const clamped = Math.min(24, Math.max(1, rounded));
    if (clamped !== number) problems.push(`${name}: severity_number ${String(number).slice(0, 20)} clamped to ${clamped}`);
    return { severityNumber: clamped, levelText: keptText };
  }
  if (number !== undefined && number !== null) problems.push(`${name}: severity_number is not a number (ignored)`);
  if (named) return { severityNumber: severityOfLevel(named), levelText: keptText };
  if (levelText === null) problems.push(`${name}: no level (stored as info)`);
  else problems.push(`${name}: unknown level "${levelText.slice(0, 32)}" (stored as info)`);
  return { severityNumber: severityOfLevel("info"), levelText: keptText };
}

const otelValueNames: Record<string, string> = { string_value: "stringValue", int_value: "intValue", bool_value: "boolValue", double_value: "doubleValue", stringValue: "stringValue", intValue: "intValue", boolValue: "boolValue", doubleValue: "doubleValue" };

/** An OTel `AnyValue` (snake or camel case; intValue as a string) as a plain value. */
function otelValue(any: unknown): unknown {
  if (!isRecord(any)) return undefined;
  for (const [key, value] of Object.entries(any)) {
    const name = otelValueNames[key];
    if (name === "stringValue" || name === "boolValue" || name === "doubleValue") return value;
    if (name === "intValue") {
      const number = typeof value === "string" && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
      return { type: "integer", value: number };
    }
  }
  return undefined;
}

/**
 * A legacy `otel_log` item (one OTel-style record, telemetry-protocol §1.4): read as a container of one line.
 * `time_unix_nano` is a decimal string of nanoseconds; `body` is `{string_value}`; attributes are a list.
 */
export function logsOfOtelLog(record: Record<string, unknown>): ReadLogs {
  const nanos = typeof record.time_unix_nano === "string" && /^\d{1,20}$/.test(record.time_unix_nano) ? Number(BigInt(record.time_unix_nano) / 1000n) / 1e6 : typeof record.time_unix_nano === "number" ? record.time_unix_nano / 1e9 : undefined;
  const attributes: Record<string, unknown> = {};
  for (const entry of Array.isArray(record.attributes) ? record.attributes : []) {
    if (!isRecord(entry) || typeof entry.key !== "string") continue;
    const value = otelValue(entry.value);
    if (value !== undefined) attributes[entry.key] = value;
  }
  const body = otelValue(record.body);
  return logsOfContainer({
    items: [{ timestamp: nanos, trace_id: record.trace_id, span_id: record.span_id, level: record.severity_text, severity_number: record.severity_number, body: typeof body === "string" ? body : undefined, attributes }],
  });
}
