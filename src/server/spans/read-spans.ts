import { userKeyOf } from "../digest/normalize-user";
import { isRecord } from "@/lib/json-values";
import { otherSpanStatus, spanStatusCode } from "@/lib/span-status";
import { webVitalNames, type WebVitalName } from "@/lib/web-vitals";

/**
 * One span as digest stores it, whichever shape it came in (a `transaction` event with its `spans`, or a v2
 * span container): the columns of `spans` as plain values, and `extra` — what the row does not hold —
 * for the deflated payload.
 */
export interface SpanInput {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  startUs: number;
  durationUs: number;
  op: string;
  /** The description as sent (capped); the row keeps its normalized form for grouping (span-description.ts). */
  description: string | null;
  /** The transaction (segment) the span belongs to: its name. */
  segmentName: string | null;
  release: string | null;
  environment: string | null;
  status: number;
  isSegment: boolean;
  /** A segment's user, for counting distinct users (normalize-user.ts's userKeyOf: id, e-mail, username or IP). */
  userKey?: string | null;
  /** Everything else worth showing in span detail: attributes, data, tags, measurements, status text. */
  extra: Record<string, unknown>;
}

/** A web vital a page load, navigation or interaction reported (lib/web-vitals.ts). */
export interface VitalInput {
  vital: WebVitalName;
  page: string;
  startUs: number;
  value: number;
}

export interface ReadSpans {
  spans: SpanInput[];
  /** Web vitals of browser page loads and interactions, by page (the transaction name). */
  vitals?: VitalInput[];
  /** Spans left out, each with why (bad ids, no timestamps); the rest of the item is kept. */
  dropped: string[];
}

const hexId = (length: number) => new RegExp(`^[0-9a-f]{${length}}$`);
const traceIdPattern = hexId(32);
const spanIdPattern = hexId(16);
const maxTextLength = 2000;
const maxNameLength = 200;
/** Far future or before 2000: a clock that far off is a broken SDK, not a span worth a waterfall. */
const earliestUs = 946_684_800_000_000;
const latestUs = 4_102_444_800_000_000;
/** A span longer than a day is clamped: nothing in a request waterfall runs that long, and it keeps the axis usable. */
const maxDurationUs = 86_400_000_000;

function idOf(value: unknown, pattern: RegExp): string | null {
  if (typeof value !== "string") return null;
  const id = value.replaceAll("-", "").toLowerCase();
  return pattern.test(id) ? id : null;
}

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value !== "" ? value.slice(0, max) : null;
}

/** Epoch seconds (number) or an RFC 3339 string → epoch microseconds; null when it is neither or out of range. */
export function timestampUs(value: unknown): number | null {
  const us = typeof value === "number" ? value * 1e6 : typeof value === "string" ? Date.parse(value) * 1000 : NaN;
  if (!Number.isFinite(us) || us < earliestUs || us > latestUs) return null;
  return Math.round(us);
}

function timing(start: unknown, end: unknown): { startUs: number; durationUs: number } | null {
  const startUs = timestampUs(start);
  if (startUs === null) return null;
  const endUs = timestampUs(end) ?? startUs;
  // An end before the start (clock skew, a hostile SDK) becomes a zero-length span at its start.
  return { startUs, durationUs: Math.min(Math.max(0, endUs - startUs), maxDurationUs) };
}

function flagsOf(op: string): { db: boolean; http: boolean } {
  return { db: op === "db" || op.startsWith("db."), http: op === "http.client" };
}
export { flagsOf as spanKindFlags };

/**
 * The spans of a `transaction` event (scrubbed, parsed): the transaction itself as the segment span
 * (from `contexts.trace`), then each of `spans[]`. Relay's rules: no trace context, no trace or span id, or
 * no timestamps → the whole item is refused (thrown); a child span without an end takes the transaction's.
 */
export function spansOfTransaction(event: Record<string, unknown>): ReadSpans {
  const contexts = isRecord(event.contexts) ? event.contexts : {};
  const trace = isRecord(contexts.trace) ? contexts.trace : null;
  if (!trace) throw new Error("a transaction needs contexts.trace");
  const traceId = idOf(trace.trace_id, traceIdPattern);
  const spanId = idOf(trace.span_id, spanIdPattern);
  if (!traceId || !spanId) throw new Error("a transaction needs contexts.trace.trace_id (32 hex digits) and span_id (16 hex digits)");
  const segmentTiming = timing(event.start_timestamp, event.timestamp);
  if (!segmentTiming || timestampUs(event.timestamp) === null) throw new Error("a transaction needs start_timestamp and timestamp");
  const segmentName = text(event.transaction, maxNameLength) ?? "<unlabeled transaction>";
  const release = text(event.release, maxNameLength);
  const environment = text(event.environment, 64);
  const op = text(trace.op, 64) ?? "default";
  const transactionInfo = isRecord(event.transaction_info) ? event.transaction_info : {};
  const spans: SpanInput[] = [
    {
      traceId,
      spanId,
      parentSpanId: idOf(trace.parent_span_id, spanIdPattern),
      ...segmentTiming,
      op,
      description: segmentName,
      segmentName,
      release,
      environment,
      status: spanStatusCode(trace.status),
      isSegment: true,
      userKey: userKeyOf(isRecord(event.user) ? event.user : null),
      extra: compact({
        event_id: typeof event.event_id === "string" ? event.event_id : undefined,
        origin: trace.origin,
        data: leanData(trace.data, { "sentry.op": op, "sentry.origin": trace.origin, "sentry.source": transactionInfo.source }),
        tags: event.tags,
        measurements: event.measurements,
        source: transactionInfo.source,
        status: statusText(trace.status),
        sdk: isRecord(event.sdk) ? { name: event.sdk.name, version: event.sdk.version } : undefined,
        platform: event.platform,
        user: event.user,
        request: isRecord(event.request) ? { method: event.request.method, url: event.request.url } : undefined,
        browser: isRecord(contexts.browser) ? contexts.browser : undefined,
        os: isRecord(contexts.os) ? contexts.os : undefined,
      }),
    },
  ];
  const dropped: string[] = [];
  const vitals = browserPageOps.has(op) ? vitalsOf(event.measurements, segmentName, segmentTiming.startUs) : [];
  const children = Array.isArray(event.spans) ? event.spans : [];
  const endOfTransaction = event.timestamp;
  for (const [index, child] of children.entries()) {
    if (!isRecord(child)) {
      dropped.push(`span ${index + 1}: not an object`);
      continue;
    }
    const childSpanId = idOf(child.span_id, spanIdPattern);
    if (!childSpanId) {
      dropped.push(`span ${index + 1}: span_id is not 16 hex digits`);
      continue;
    }
    const childTiming = timing(child.start_timestamp, child.timestamp ?? endOfTransaction);
    if (!childTiming) {
      dropped.push(`span ${index + 1}: start_timestamp is missing or out of range`);
      continue;
    }
    const childOp = text(child.op, 64) ?? "default";
    spans.push({
      traceId,
      spanId: childSpanId,
      parentSpanId: idOf(child.parent_span_id, spanIdPattern) ?? spanId,
      ...childTiming,
      op: childOp,
      description: text(child.description, maxTextLength),
      segmentName,
      release,
      environment,
      status: spanStatusCode(child.status),
      isSegment: false,
      extra: compact({ origin: child.origin, data: leanData(child.data, { "sentry.op": childOp, "sentry.origin": child.origin, "db.statement": child.description }), tags: child.tags, status: statusText(child.status) }),
    });
  }
  return { spans, dropped, vitals };
}

/**
 * A v1 standalone `span` item (one span object, as the browser SDK sends INP and CLS spans): a child of the
 * page's transaction named in `data["sentry.segment.name"]` or `data.transaction`, a segment when it says so.
 */
export function spansOfStandaloneSpan(span: Record<string, unknown>): ReadSpans {
  const traceId = idOf(span.trace_id, traceIdPattern);
  const spanId = idOf(span.span_id, spanIdPattern);
  if (!traceId || !spanId) return { spans: [], dropped: ["span 1: trace_id must be 32 and span_id 16 hex digits"] };
  const spanTiming = timing(span.start_timestamp, span.timestamp);
  if (!spanTiming) return { spans: [], dropped: ["span 1: start_timestamp is missing or out of range"] };
  const data = isRecord(span.data) ? span.data : {};
  const op = text(span.op, 64) ?? "default";
  const isSegment = span.is_segment === true;
  const segmentName = text(data["sentry.segment.name"], maxNameLength) ?? text(data.transaction, maxNameLength) ?? text(span.segment_name, maxNameLength);
  return {
    vitals: segmentName ? vitalsOf(span.measurements, segmentName, spanTiming.startUs) : [],
    spans: [
      {
        traceId,
        spanId,
        parentSpanId: idOf(span.parent_span_id, spanIdPattern),
        ...spanTiming,
        op,
        description: text(span.description, maxTextLength),
        segmentName,
        release: text(data["sentry.release"], maxNameLength) ?? text(span.release, maxNameLength),
        environment: text(data["sentry.environment"], 64) ?? text(span.environment, 64),
        status: spanStatusCode(span.status),
        isSegment,
        extra: compact({ origin: span.origin, data: leanData(span.data, { "sentry.op": op, "sentry.origin": span.origin }), tags: span.tags, measurements: span.measurements, status: statusText(span.status) }),
      },
    ],
    dropped: [],
  };
}

type Attributes = Record<string, { value?: unknown } | unknown>;

function attribute(attributes: Attributes, key: string): unknown {
  const entry = attributes[key];
  return isRecord(entry) && "value" in entry ? entry.value : undefined;
}

/**
 * The spans of a v2 span container (`{items: [...]}`): each item one span with typed `attributes`
 * (`sentry.op`, `sentry.release`, `sentry.environment`, `sentry.segment.name`, …). A span that lacks its
 * ids or timestamps is dropped with a reason; the others are kept.
 */
export function spansOfContainer(container: Record<string, unknown>): ReadSpans {
  const items = container.items;
  if (!Array.isArray(items)) throw new Error("a span container needs an items array");
  const spans: SpanInput[] = [];
  const dropped: string[] = [];
  for (const [index, item] of items.entries()) {
    if (!isRecord(item)) {
      dropped.push(`span ${index + 1}: not an object`);
      continue;
    }
    const traceId = idOf(item.trace_id, traceIdPattern);
    const spanId = idOf(item.span_id, spanIdPattern);
    if (!traceId || !spanId) {
      dropped.push(`span ${index + 1}: trace_id must be 32 and span_id 16 hex digits`);
      continue;
    }
    const spanTiming = timing(item.start_timestamp, item.end_timestamp);
    if (!spanTiming) {
      dropped.push(`span ${index + 1}: start_timestamp is missing or out of range`);
      continue;
    }
    const attributes: Attributes = isRecord(item.attributes) ? capAttributes(item.attributes) : {};
    const name = text(item.name, maxTextLength);
    const parentSpanId = idOf(item.parent_span_id, spanIdPattern);
    const isSegment = item.is_segment === true || (item.is_segment === undefined && parentSpanId === null);
    const op = text(attribute(attributes, "sentry.op"), 64) ?? inferOp(attributes, item.kind);
    spans.push({
      traceId,
      spanId,
      parentSpanId,
      ...spanTiming,
      op,
      description: text(attribute(attributes, "sentry.description"), maxTextLength) ?? name,
      segmentName: text(attribute(attributes, "sentry.segment.name"), maxNameLength) ?? (isSegment ? text(name, maxNameLength) : null),
      release: text(attribute(attributes, "sentry.release"), maxNameLength),
      environment: text(attribute(attributes, "sentry.environment"), 64),
      status: spanStatusCode(item.status),
      isSegment,
      userKey: isSegment ? userKeyOf(userOfAttributes(attributes)) : null,
      extra: compact({ name, kind: item.kind, status: statusText(item.status), attributes, links: Array.isArray(item.links) ? item.links.slice(0, maxLinks) : undefined }),
    });
  }
  return { spans, dropped };
}

/** Attributes kept per span (as the OTLP route keeps), and links: the rest is dropped and counted. */
const maxAttributes = 200;
const maxLinks = 100;

function capAttributes(attributes: Record<string, unknown>): Attributes {
  const keys = Object.keys(attributes);
  if (keys.length <= maxAttributes) return attributes;
  const kept: Attributes = Object.fromEntries(keys.slice(0, maxAttributes).map((key) => [key, attributes[key]]));
  kept["lantern.dropped_attributes_count"] = { type: "integer", value: keys.length - maxAttributes };
  return kept;
}

/** The transaction ops of a browser page: their measurements are the page's web vitals. */
const browserPageOps = new Set(["pageload", "navigation"]);

/** The web vitals among a transaction's or span's `measurements` (`{lcp: {value, unit}}`), finite and not negative. */
function vitalsOf(measurements: unknown, page: string, startUs: number): VitalInput[] {
  if (!isRecord(measurements)) return [];
  const vitals: VitalInput[] = [];
  for (const vital of webVitalNames) {
    const entry = measurements[vital];
    const value = isRecord(entry) ? entry.value : undefined;
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) vitals.push({ vital, page, startUs, value });
  }
  return vitals;
}

/** Relay's v1 view of an OTel span without `sentry.op`: from the semantic-convention attributes and the kind. */
function inferOp(attributes: Attributes, kind: unknown): string {
  const keys = Object.keys(attributes);
  if (keys.some((key) => key.startsWith("db."))) return "db";
  if (attribute(attributes, "http.request.method") !== undefined || attribute(attributes, "http.method") !== undefined) {
    return kind === "server" ? "http.server" : kind === "client" ? "http.client" : "http";
  }
  if (keys.some((key) => key.startsWith("messaging."))) return "message";
  if (keys.some((key) => key.startsWith("rpc."))) return "rpc";
  return "default";
}

/**
 * A span's `data` without the keys that repeat what the row or the payload already holds (the SDK copies op,
 * origin, source and a query's statement into it): a third of the payload's bytes for no information.
 */
function leanData(data: unknown, repeated: Record<string, unknown>): unknown {
  if (!isRecord(data)) return data;
  const lean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!(key in repeated) || repeated[key] !== value) lean[key] = value;
  return Object.keys(lean).length > 0 ? lean : undefined;
}

/** The status as sent, only when its stored code does not say it (a status no code names). */
function statusText(status: unknown): string | undefined {
  return typeof status === "string" && spanStatusCode(status) === otherSpanStatus ? status.slice(0, 64) : undefined;
}

function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null));
}

/** The user a v2 segment's attributes name (`user.id`, `user.email`, `user.name`, `user.ip_address`; OTel's `enduser.id`). */
function userOfAttributes(attributes: Attributes): Record<string, unknown> | null {
  const value = (key: string) => {
    const found = attribute(attributes, key);
    return typeof found === "string" || typeof found === "number" ? String(found) : undefined;
  };
  const user = { id: value("user.id") ?? value("enduser.id"), email: value("user.email"), username: value("user.name"), ip_address: value("user.ip_address") };
  return Object.values(user).some((field) => field !== undefined) ? user : null;
}
