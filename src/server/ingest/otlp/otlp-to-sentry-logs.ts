import { randomBytes } from "node:crypto";
import { isRecord, type JsonObject } from "@/lib/json-values";
import { IngestRefusal } from "../../errors";
import { capText, readAttributes, textOf, typedAttribute, type TypedAttribute } from "./otlp-attributes";
import { secondsOf, type IdEncoding } from "./otlp-to-sentry-spans";

/**
 * OTLP log export → `log` container items (telemetry-protocol §1.4), by the log mapping of §2.3:
 * `timeUnixNano` (else `observedTimeUnixNano`) → `timestamp`; `severityNumber` 1–24 → the level of its range,
 * else `severityText` (`information`, `warning` accepted), default `info`; `body` as text; a missing or invalid
 * trace id → a random one (Relay's rule); attributes typed, resource attributes as `resource.<key>`, the scope as
 * `instrumentation.*`; `sentry.origin = auto.otlp.logs`; `service.version` and `deployment.environment(.name)`
 * of the resource as release and environment. A record without any time is rejected and counted.
 */
export interface SentryLogs {
  logs: JsonObject[];
  rejected: string[];
  sdk: { name: string; version?: string };
}

export const maxAttributesPerLog = 200;
const levels = ["trace", "debug", "info", "warn", "error", "fatal"] as const;
const textLevels: Record<string, (typeof levels)[number]> = { trace: "trace", debug: "debug", info: "info", information: "info", warn: "warn", warning: "warn", error: "error", fatal: "fatal", critical: "fatal" };

export function otlpToSentryLogs(request: unknown, idEncoding: IdEncoding): SentryLogs {
  if (!isRecord(request)) throw new IngestRefusal("bad_request", "the OTLP body is not an ExportLogsServiceRequest object");
  const resourceLogs = request.resourceLogs ?? [];
  if (!Array.isArray(resourceLogs)) throw new IngestRefusal("bad_request", "resourceLogs is not an array");
  const result: SentryLogs = { logs: [], rejected: [], sdk: { name: "opentelemetry" } };
  let recordNumber = 0;
  for (const [resourceIndex, entry] of resourceLogs.entries()) {
    if (!isRecord(entry)) throw new IngestRefusal("bad_request", `resourceLogs[${resourceIndex}] is not an object`);
    const resource = readAttributes(isRecord(entry.resource) ? entry.resource.attributes : undefined, "", maxAttributesPerLog);
    if (resourceIndex === 0) result.sdk = sdkOf(resource.attributes);
    const scopeLogs = entry.scopeLogs ?? [];
    if (!Array.isArray(scopeLogs)) throw new IngestRefusal("bad_request", `resourceLogs[${resourceIndex}].scopeLogs is not an array`);
    for (const scopeEntry of scopeLogs) {
      if (!isRecord(scopeEntry)) throw new IngestRefusal("bad_request", `resourceLogs[${resourceIndex}].scopeLogs has an entry that is not an object`);
      const scope = isRecord(scopeEntry.scope) ? scopeEntry.scope : {};
      const scopeAttributes = readAttributes(scope.attributes, "instrumentation.", 32).attributes;
      const records = scopeEntry.logRecords ?? [];
      if (!Array.isArray(records)) throw new IngestRefusal("bad_request", `resourceLogs[${resourceIndex}].scopeLogs[].logRecords is not an array`);
      for (const record of records) {
        recordNumber += 1;
        const converted = convertRecord(record, { resource: resource.attributes, scope, scopeAttributes, idEncoding });
        if (typeof converted === "string") result.rejected.push(`log record ${recordNumber}: ${converted}`);
        else result.logs.push(converted);
      }
    }
  }
  return result;
}

interface RecordSurroundings {
  resource: Map<string, TypedAttribute>;
  scope: JsonObject;
  scopeAttributes: Map<string, TypedAttribute>;
  idEncoding: IdEncoding;
}

function convertRecord(record: unknown, surroundings: RecordSurroundings): JsonObject | string {
  if (!isRecord(record)) return "not an object";
  const timestamp = positive(secondsOf(record.timeUnixNano)) ?? positive(secondsOf(record.observedTimeUnixNano));
  if (timestamp === null) return "timeUnixNano and observedTimeUnixNano are both missing";
  const { idEncoding } = surroundings;
  const traceId = idOf(record.traceId, 32, idEncoding) ?? randomBytes(16).toString("hex");
  const spanId = idOf(record.spanId, 16, idEncoding);
  const severityNumber = typeof record.severityNumber === "number" && Number.isInteger(record.severityNumber) && record.severityNumber >= 1 && record.severityNumber <= 24 ? record.severityNumber : null;
  const severityText = typeof record.severityText === "string" ? record.severityText : "";
  const level = severityNumber !== null ? levels[Math.floor((severityNumber - 1) / 4)]! : (textLevels[severityText.trim().toLowerCase()] ?? "info");

  const own = readAttributes(record.attributes, "", maxAttributesPerLog);
  const attributes = new Map(own.attributes);
  let dropped = own.dropped;
  const add = (key: string, value: TypedAttribute | null) => {
    if (value === null || attributes.has(key)) return;
    if (attributes.size >= maxAttributesPerLog) dropped += 1;
    else attributes.set(key, value);
  };
  for (const [key, value] of surroundings.resource) add(`resource.${key}`, value);
  for (const [key, value] of surroundings.scopeAttributes) add(key, value);
  add("instrumentation.name", nullableText(stringOf(surroundings.scope.name)));
  add("instrumentation.version", nullableText(stringOf(surroundings.scope.version)));
  add("sentry.origin", text("auto.otlp.logs"));
  add("sentry.release", nullableText(textOf(surroundings.resource, "service.version")));
  add("sentry.environment", nullableText(textOf(surroundings.resource, "deployment.environment.name") ?? textOf(surroundings.resource, "deployment.environment")));
  if (severityText !== "" && severityText.toLowerCase() !== level) add("sentry.severity_text", text(capText(severityText, 32)));
  if (dropped > 0) attributes.set("lantern.dropped_attributes_count", { type: "integer", value: dropped });

  const body = typedAttribute(record.body);
  return compact({
    timestamp,
    trace_id: traceId,
    span_id: spanId ?? undefined,
    level,
    severity_number: severityNumber ?? levels.indexOf(level) * 4 + 1,
    body: body === null ? "" : String(body.value),
    attributes: Object.fromEntries(attributes),
  });
}

function positive(seconds: number | null): number | null {
  return seconds !== null && seconds > 0 ? seconds : null;
}

function idOf(value: unknown, hexLength: number, encoding: IdEncoding): string | null {
  if (typeof value !== "string" || value === "") return null;
  const hex = encoding === "hex" ? value.toLowerCase() : Buffer.from(value, "base64").toString("hex");
  if (hex.length !== hexLength || !/^[0-9a-f]+$/.test(hex) || /^0+$/.test(hex)) return null;
  return hex;
}

function sdkOf(resource: Map<string, TypedAttribute>): SentryLogs["sdk"] {
  const language = textOf(resource, "telemetry.sdk.language");
  const version = textOf(resource, "telemetry.sdk.version");
  return compact({ name: capText(language ? `opentelemetry.${language}` : "opentelemetry", 100), version: version ? capText(version, 100) : undefined }) as SentryLogs["sdk"];
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? capText(value, 200) : null;
}

function text(value: string): TypedAttribute {
  return { type: "string", value };
}

function nullableText(value: string | null): TypedAttribute | null {
  return value === null ? null : text(value);
}

function compact(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined));
}
