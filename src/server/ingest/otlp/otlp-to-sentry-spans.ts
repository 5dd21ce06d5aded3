import { isRecord, type JsonObject } from "@/lib/json-values";
import { IngestRefusal } from "../../errors";
import { capText, plainAttributes, readAttributes, textOf, type TypedAttribute } from "./otlp-attributes";
import { exceptionEventOf, type SpanContext } from "./otlp-exception-event";

/**
 * OTLP trace export → span v2 items (telemetry-protocol §1.3) and error events, by the mapping table of
 * telemetry-protocol §2.3. Works on OTLP/JSON's shape; the protobuf decoder gives the same shape with ids
 * in base64 (`idEncoding`). Hostile input is bounded here: every span is capped (name, attribute count and
 * length, links, events), a span with a bad id or no start time is rejected and counted, never thrown.
 */
export interface SentrySpans {
  spans: JsonObject[];
  errorEvents: JsonObject[];
  /** Why each rejected span was left out (the count goes back to the exporter as OTLP's partial success). */
  rejected: string[];
  /** `telemetry.sdk.*` of the first resource, for the envelope header. */
  sdk: { name: string; version?: string };
}

export type IdEncoding = "hex" | "base64";

export const maxAttributesPerSpan = 200;
export const maxNameLength = 2000;
const maxLinks = 128;
const maxOtherEvents = 64;
const maxOtherEventsBytes = 8 * 1024;
/** Exceptions turned into error events per export; later ones stay with the span's other events. */
export const maxErrorEventsPerExport = 100;
const maxSegmentWalk = 64;

const kinds = ["unspecified", "internal", "server", "client", "producer", "consumer"] as const;
/** SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK and SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK (trace.proto): the parent is remote. */
const hasIsRemoteFlag = 0x100;
const isRemoteFlag = 0x200;

export function otlpToSentrySpans(request: unknown, idEncoding: IdEncoding): SentrySpans {
  if (!isRecord(request)) throw new IngestRefusal("bad_request", "the OTLP body is not an ExportTraceServiceRequest object");
  const resourceSpans = request.resourceSpans ?? [];
  if (!Array.isArray(resourceSpans)) throw new IngestRefusal("bad_request", "resourceSpans is not an array");
  const result: SentrySpans = { spans: [], errorEvents: [], rejected: [], sdk: { name: "opentelemetry" } };
  let spanNumber = 0;
  for (const [resourceIndex, entry] of resourceSpans.entries()) {
    if (!isRecord(entry)) throw new IngestRefusal("bad_request", `resourceSpans[${resourceIndex}] is not an object`);
    const resource = readAttributes(isRecord(entry.resource) ? entry.resource.attributes : undefined, "", maxAttributesPerSpan);
    if (resourceIndex === 0) result.sdk = sdkOf(resource.attributes);
    const scopeSpans = entry.scopeSpans ?? [];
    if (!Array.isArray(scopeSpans)) throw new IngestRefusal("bad_request", `resourceSpans[${resourceIndex}].scopeSpans is not an array`);
    for (const scopeEntry of scopeSpans) {
      if (!isRecord(scopeEntry)) throw new IngestRefusal("bad_request", `resourceSpans[${resourceIndex}].scopeSpans has an entry that is not an object`);
      const scope = isRecord(scopeEntry.scope) ? scopeEntry.scope : {};
      const spans = scopeEntry.spans ?? [];
      if (!Array.isArray(spans)) throw new IngestRefusal("bad_request", `resourceSpans[${resourceIndex}].scopeSpans[].spans is not an array`);
      for (const span of spans) {
        spanNumber++;
        const converted = convertSpan(span, { resource: resource.attributes, scope, idEncoding }, result);
        if (typeof converted === "string") result.rejected.push(`span ${spanNumber}: ${converted}`);
        else result.spans.push(converted);
      }
    }
  }
  nameSegments(result.spans);
  return result;
}

interface SpanSurroundings {
  resource: Map<string, TypedAttribute>;
  scope: JsonObject;
  idEncoding: IdEncoding;
}

/** One OTLP span → a span v2 item, or why it was rejected. */
function convertSpan(span: unknown, surroundings: SpanSurroundings, result: SentrySpans): JsonObject | string {
  if (!isRecord(span)) return "not an object";
  const { idEncoding } = surroundings;
  const traceId = idOf(span.traceId, 32, idEncoding);
  const spanId = idOf(span.spanId, 16, idEncoding);
  if (!traceId || !spanId) return "traceId must be 16 bytes and spanId 8 bytes, not all zero";
  // Some exporters write a root's absent parent as zeros (an invalid id in OTLP): no parent either.
  const hasParent = span.parentSpanId !== undefined && span.parentSpanId !== null && span.parentSpanId !== "" && hexOf(span.parentSpanId, idEncoding) !== "0".repeat(16);
  const parentSpanId = hasParent ? idOf(span.parentSpanId, 16, idEncoding) : null;
  if (hasParent && !parentSpanId) return "parentSpanId must be 8 bytes";
  const start = secondsOf(span.startTimeUnixNano);
  if (start === null) return "startTimeUnixNano is missing or not a nanosecond count";
  // An end before the start (clock skew, a hostile exporter), or none, becomes a zero-length span at its start.
  const end = Math.max(start, secondsOf(span.endTimeUnixNano) ?? start);
  const kind = kindOf(span.kind);
  const flags = typeof span.flags === "number" ? span.flags : 0;
  const isRemote = (flags & hasIsRemoteFlag) !== 0 ? (flags & isRemoteFlag) !== 0 : undefined;

  const own = readAttributes(span.attributes, "", maxAttributesPerSpan);
  const attributes = new Map(own.attributes);
  let dropped = own.dropped;
  for (const [key, value] of surroundings.resource) {
    if (attributes.size >= maxAttributesPerSpan) dropped++;
    else attributes.set(`resource.${key}`, value);
  }
  const rawName = typeof span.name === "string" ? capText(span.name, maxNameLength) : "";
  const name = rawName !== "" ? rawName : inferName(own.attributes, kind);
  const op = textOf(own.attributes, "sentry.op") ?? inferOp(own.attributes, kind);
  const status = statusOf(span.status);
  const context: SpanContext = { traceId, spanId, parentSpanId, op, name, end, status: status.name, resource: surroundings.resource };

  const otherEvents: JsonObject[] = [];
  for (const event of Array.isArray(span.events) ? span.events : []) {
    if (!isRecord(event)) continue;
    if (event.name === "exception" && result.errorEvents.length < maxErrorEventsPerExport) {
      const errorEvent = exceptionEventOf(event, context, secondsOf(event.timeUnixNano));
      if (errorEvent) {
        result.errorEvents.push(errorEvent);
        continue;
      }
    }
    if (otherEvents.length < maxOtherEvents) {
      otherEvents.push({ name: typeof event.name === "string" ? capText(event.name, 200) : "", time: secondsOf(event.timeUnixNano), attributes: plainAttributes(event.attributes, 32) });
    }
  }

  const computed: Record<string, TypedAttribute | null> = {
    "sentry.op": text(op),
    "sentry.description": nullableText(describe(own.attributes, op)),
    "sentry.release": nullableText(textOf(surroundings.resource, "service.version")),
    "sentry.environment": nullableText(textOf(surroundings.resource, "deployment.environment.name") ?? textOf(surroundings.resource, "deployment.environment")),
    "sentry.origin": text("auto.otlp.spans"),
    "sentry.status.message": nullableText(status.message),
    "instrumentation.name": nullableText(stringOf(surroundings.scope.name)),
    "instrumentation.version": nullableText(stringOf(surroundings.scope.version)),
    "otel.events": otherEvents.length > 0 ? text(eventsText(otherEvents)) : null,
    "lantern.dropped_attributes_count": dropped > 0 ? { type: "integer", value: dropped } : null,
  };
  for (const [key, value] of Object.entries(computed)) {
    // What the sender set itself wins over what Lantern infers (a `sentry.op` from a Sentry-aware SDK).
    if (value && !own.attributes.has(key)) attributes.set(key, value);
  }

  const links = (Array.isArray(span.links) ? span.links : []).slice(0, maxLinks).flatMap((link) => linkOf(link, idEncoding));
  return compact({
    trace_id: traceId,
    span_id: spanId,
    parent_span_id: parentSpanId ?? undefined,
    name,
    status: status.name,
    // Lantern's choice: a span is a segment (a transaction) when its parent is not in this service — absent,
    // or remote by the span's flags. OTLP has no segment notion; Relay leaves it to the SDK.
    is_segment: parentSpanId === null || isRemote === true,
    start_timestamp: start,
    end_timestamp: end,
    kind: kind === "unspecified" ? undefined : kind,
    is_remote: isRemote,
    attributes: Object.fromEntries(attributes),
    links: links.length > 0 ? links : undefined,
  });
}

/** `sentry.segment.name`/`.id` on every span whose segment is in the same export: digest groups spans by it. */
function nameSegments(spans: JsonObject[]): void {
  const byId = new Map(spans.map((span) => [`${span.trace_id as string}:${span.span_id as string}`, span]));
  for (const span of spans) {
    let segment: JsonObject | undefined = span;
    for (let step = 0; segment && segment.is_segment !== true && step < maxSegmentWalk; step++) {
      segment = byId.get(`${segment.trace_id as string}:${segment.parent_span_id as string}`);
    }
    if (!segment || segment.is_segment !== true) continue;
    const attributes = span.attributes as Record<string, TypedAttribute>;
    if (!Object.hasOwn(attributes, "sentry.segment.name") && segment.name !== "") attributes["sentry.segment.name"] = { type: "string", value: segment.name as string };
    if (!Object.hasOwn(attributes, "sentry.segment.id")) attributes["sentry.segment.id"] = { type: "string", value: segment.span_id as string };
  }
}

/** An id of `hexLength` hex digits, from hex (OTLP/JSON) or base64 (protobuf bytes); all zeros is invalid in OTLP. */
function idOf(value: unknown, hexLength: number, encoding: IdEncoding): string | null {
  const hex = hexOf(value, encoding);
  if (hex === null) return null;
  if (hex.length !== hexLength || !/^[0-9a-f]+$/.test(hex) || /^0+$/.test(hex)) return null;
  return hex;
}

function hexOf(value: unknown, encoding: IdEncoding): string | null {
  if (typeof value !== "string") return null;
  return encoding === "hex" ? value.toLowerCase() : Buffer.from(value, "base64").toString("hex");
}

/** Nanoseconds since the epoch (a decimal string in OTLP/JSON, a number when small enough) → seconds, to the microsecond. */
export function secondsOf(nanos: unknown): number | null {
  let micros: number;
  if (typeof nanos === "string" && /^\d{1,20}$/.test(nanos)) micros = Number(BigInt(nanos) / 1000n);
  else if (typeof nanos === "number" && Number.isFinite(nanos) && nanos >= 0) micros = Math.floor(nanos / 1000);
  else return null;
  return micros > 0 ? micros / 1e6 : null;
}

function kindOf(kind: unknown): (typeof kinds)[number] {
  if (typeof kind === "number") return kinds[kind] ?? "unspecified";
  // The protobuf JSON mapping also allows enum names.
  if (typeof kind === "string") return kinds.find((name) => `SPAN_KIND_${name.toUpperCase()}` === kind) ?? "unspecified";
  return "unspecified";
}

function statusOf(status: unknown): { name: "ok" | "error"; message: string | null } {
  if (!isRecord(status)) return { name: "ok", message: null };
  const isError = status.code === 2 || status.code === "STATUS_CODE_ERROR";
  return { name: isError ? "error" : "ok", message: typeof status.message === "string" && status.message !== "" ? capText(status.message, maxNameLength) : null };
}

function hasHttpMethod(attributes: Map<string, TypedAttribute>): boolean {
  return attributes.has("http.request.method") || attributes.has("http.method");
}

/** telemetry-protocol §2.3: an empty name becomes `db` or `http.*` from the attributes. */
function inferName(attributes: Map<string, TypedAttribute>, kind: string): string {
  if ([...attributes.keys()].some((key) => key.startsWith("db"))) return "db";
  if (hasHttpMethod(attributes)) return httpOp(kind);
  return "";
}

function httpOp(kind: string): string {
  return kind === "server" ? "http.server" : kind === "client" ? "http.client" : "http";
}

/** Relay's v1 view of an OTel span's op, from the semantic-convention attributes and the kind. */
function inferOp(attributes: Map<string, TypedAttribute>, kind: string): string {
  const keys = [...attributes.keys()];
  if (keys.some((key) => key.startsWith("db."))) return "db";
  if (hasHttpMethod(attributes)) return httpOp(kind);
  if (keys.some((key) => key.startsWith("messaging."))) return kind === "producer" ? "queue.publish" : kind === "consumer" ? "queue.process" : "message";
  if (keys.some((key) => key.startsWith("rpc."))) return kind === "client" ? "rpc.client" : kind === "server" ? "rpc.server" : "rpc";
  if (keys.some((key) => key.startsWith("faas."))) return "function";
  return "default";
}

/** Relay's v1 description: `METHOD route` for HTTP, the statement for databases; otherwise the name stands. */
function describe(attributes: Map<string, TypedAttribute>, op: string): string | null {
  if (op === "db" || op.startsWith("db.")) return textOf(attributes, "db.query.text") ?? textOf(attributes, "db.statement");
  if (op.startsWith("http")) {
    const method = textOf(attributes, "http.request.method") ?? textOf(attributes, "http.method");
    const target =
      op === "http.client"
        ? (textOf(attributes, "url.full") ?? textOf(attributes, "http.url"))
        : (textOf(attributes, "http.route") ?? textOf(attributes, "url.path") ?? textOf(attributes, "http.target"));
    return method && target ? `${method} ${target}` : null;
  }
  return null;
}

function linkOf(link: unknown, idEncoding: IdEncoding): JsonObject[] {
  if (!isRecord(link)) return [];
  const traceId = idOf(link.traceId, 32, idEncoding);
  const spanId = idOf(link.spanId, 16, idEncoding);
  if (!traceId || !spanId) return [];
  const { attributes } = readAttributes(link.attributes, "", 32);
  return [
    compact({
      trace_id: traceId,
      span_id: spanId,
      sampled: typeof link.flags === "number" ? (link.flags & 1) === 1 : undefined,
      attributes: attributes.size > 0 ? Object.fromEntries(attributes) : undefined,
    }),
  ];
}

/** Non-exception span events as one JSON string, dropping the last ones until it fits its cap. */
function eventsText(events: JsonObject[]): string {
  let kept = events;
  let textForm = JSON.stringify(kept);
  while (textForm.length > maxOtherEventsBytes && kept.length > 1) {
    kept = kept.slice(0, Math.floor(kept.length / 2));
    textForm = JSON.stringify(kept);
  }
  return capText(textForm, maxOtherEventsBytes);
}

function sdkOf(resource: Map<string, TypedAttribute>): SentrySpans["sdk"] {
  const language = textOf(resource, "telemetry.sdk.language");
  const version = textOf(resource, "telemetry.sdk.version");
  return compact({ name: capText(language ? `opentelemetry.${language}` : "opentelemetry", 100), version: version ? capText(version, 100) : undefined }) as SentrySpans["sdk"];
}

function stringOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? capText(value, maxNameLength) : null;
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
