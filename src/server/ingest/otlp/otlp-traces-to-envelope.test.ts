import { gzipSync } from "node:zlib";
import { JsonTraceSerializer, ProtobufTraceSerializer } from "@opentelemetry/otlp-transformer";
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { beforeAll, describe, expect, it } from "vitest";
import { recordCheckoutTrace, type CheckoutTrace } from "../../../../tests/support/otel-checkout-trace";
import { AppError, httpStatusOf } from "../../errors";
import { spansOfContainer } from "../../spans/read-spans";
import { parseEnvelope } from "../parse-envelope";
import { encodeTraceResponseProtobuf } from "./otlp-trace-messages";
import { maxAttributesPerSpan, maxErrorEventsPerExport, maxNameLength } from "./otlp-to-sentry-spans";
import { otlpEncodingOf, otlpTracesToEnvelope, type OtlpEncoding } from "./otlp-traces-to-envelope";

type Json = Record<string, unknown>;
type Attributes = Record<string, { type: string; value: unknown }>;

const traceId = "5b8efff798038103d269b633813fc60c";
const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** An OTLP/JSON export of `spans` (each merged over a valid minimal span) under one resource and scope. */
function exportOf(spans: (Json | string)[], resourceAttributes: Json[] = []): Json {
  return {
    resourceSpans: [
      {
        resource: { attributes: resourceAttributes },
        scopeSpans: [{ scope: { name: "test", version: "1" }, spans: spans.map((span, index) =>
              typeof span === "string" ? span : { traceId, spanId: spanIdOf(index), name: `span ${index}`, startTimeUnixNano: "1764400000000000000", endTimeUnixNano: "1764400000500000000", ...span },
            ),
          },
        ],
      },
    ],
  };
}

function varint(value: number): Buffer {
  const bytes: number[] = [];
  while (value > 0x7f) {
    bytes.push((value & 0x7f) | 0x80);
    value = Math.floor(value / 128);
  }
  bytes.push(value);
  return Buffer.from(bytes);
}

function spanIdOf(index: number): string {
  return (index + 1).toString(16).padStart(16, "0");
}

function convert(body: Uint8Array, encoding: OtlpEncoding = "json") {
  const result = otlpTracesToEnvelope(body, encoding);
  const envelope = result.envelope ? parseEnvelope(result.envelope) : null;
  const items = envelope?.items ?? [];
  const payloads = items.map((item) => JSON.parse(Buffer.from(item.payload).toString("utf8")) as Json);
  const spans = items.flatMap((item, index) => (item.header.type === "span" ? (payloads[index]!.items as Json[]) : []));
  const events = items.flatMap((item, index) => (item.header.type === "event" ? [payloads[index]!] : []));
  return { ...result, header: envelope?.header, items, payloads, spans, events };
}

function refusalOf(action: () => unknown): { status: number; message: string } {
  try {
    action();
  } catch (error) {
    if (error instanceof AppError) return { status: httpStatusOf(error), message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("otlpTracesToEnvelope with a real OpenTelemetry SDK export", () => {
  let recorded: CheckoutTrace;
  let bodies: Record<OtlpEncoding, Uint8Array>;

  beforeAll(() => {
    const exporter = new InMemorySpanExporter();
    recorded = recordCheckoutTrace(new SimpleSpanProcessor(exporter), "t0k3n");
    const spans = exporter.getFinishedSpans();
    bodies = { json: JsonTraceSerializer.serializeRequest(spans)!, protobuf: ProtobufTraceSerializer.serializeRequest(spans)! };
  });

  it.each(["json", "protobuf"] as const)("maps the %s export to one span v2 container with typed attributes, then an error event", (encoding) => {
    const { items, spans, events, rejected, header } = convert(bodies[encoding], encoding);
    expect(rejected).toEqual([]);
    expect(items.map((item) => item.header)).toEqual([
      { type: "span", item_count: 3, content_type: "application/vnd.sentry.items.span.v2+json", length: expect.any(Number) },
      { type: "event", length: expect.any(Number) },
    ]);
    expect(header).toMatchObject({ sdk: { name: "opentelemetry.nodejs", version: expect.any(String) } });
    const byId = new Map(spans.map((span) => [span.span_id, span]));

    const root = byId.get(recorded.rootSpanId)!;
    expect(root).toMatchObject({ trace_id: recorded.traceId, name: "GET /checkout", status: "ok", is_segment: true, kind: "server", start_timestamp: recorded.startMs / 1000, end_timestamp: (recorded.startMs + 100) / 1000 });
    expect(root).not.toHaveProperty("parent_span_id");
    expect(root.attributes).toMatchObject({
      "http.route": { type: "string", value: "/checkout" },
      "http.response.status_code": { type: "integer", value: 500 },
      "cart.total": { type: "double", value: 41.5 },
      "cart.express": { type: "boolean", value: true },
      "cart.skus": { type: "string", value: '["sku-1","sku-2"]' },
      "resource.service.name": { type: "string", value: "shop" },
      "resource.telemetry.sdk.language": { type: "string", value: "nodejs" },
      "instrumentation.name": { type: "string", value: "shop-checkout" },
      "instrumentation.version": { type: "string", value: "0.3.0" },
      "sentry.origin": { type: "string", value: "auto.otlp.spans" },
      "sentry.op": { type: "string", value: "http.server" },
      "sentry.description": { type: "string", value: "GET /checkout" },
      "sentry.release": { type: "string", value: "shop@t0k3n" },
      "sentry.environment": { type: "string", value: "production" },
      "sentry.segment.name": { type: "string", value: "GET /checkout" },
    });

    const db = byId.get(recorded.dbSpanId)!;
    expect(db).toMatchObject({ parent_span_id: recorded.rootSpanId, status: "error", is_segment: false, kind: "client", start_timestamp: (recorded.startMs + 10) / 1000 });
    const dbAttributes = db.attributes as Attributes;
    expect(dbAttributes).toMatchObject({
      "sentry.op": { type: "string", value: "db" },
      "sentry.description": { type: "string", value: "SELECT * FROM orders WHERE id = $1" },
      "sentry.status.message": { type: "string", value: "card declined" },
      "sentry.segment.name": { type: "string", value: "GET /checkout" },
      "sentry.segment.id": { type: "string", value: recorded.rootSpanId },
    });
    expect(JSON.parse(dbAttributes["otel.events"]!.value as string)).toEqual([{ name: "cache.miss", time: (recorded.startMs + 12) / 1000, attributes: { "cache.key": "orders:42" } }]);

    const payment = byId.get(recorded.paymentSpanId)!;
    expect(payment).toMatchObject({ name: "POST", kind: "client", links: [{ trace_id: recorded.linkedTraceId, span_id: recorded.linkedSpanId, sampled: true, attributes: { "link.reason": { type: "string", value: "retry" } } }] });
    expect(payment.attributes).toMatchObject({ "sentry.op": { value: "http.client" }, "sentry.description": { value: "POST https://pay.example/charge" } });

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      level: "error",
      platform: "node",
      release: "shop@t0k3n",
      environment: "production",
      timestamp: (recorded.startMs + 20) / 1000,
      exception: { values: [{ type: "TypeError", value: "card declined for t0k3n" }] },
      contexts: { trace: { trace_id: recorded.traceId, span_id: recorded.dbSpanId, parent_span_id: recorded.rootSpanId, op: "db" } },
      extra: { "exception.stacktrace": expect.stringContaining("TypeError: card declined for t0k3n\n    at recordCheckoutTrace") },
    });
  });

  it("gives the same spans for the JSON and the protobuf form of one export", () => {
    expect(convert(bodies.protobuf, "protobuf").spans).toEqual(convert(bodies.json, "json").spans);
  });

  it("yields spans digest reads with their op, release, environment and segment", () => {
    const container = convert(bodies.protobuf, "protobuf").payloads[0]!;
    const { spans, dropped } = spansOfContainer(container);
    expect(dropped).toEqual([]);
    expect(spans.map(({ spanId, op, description, segmentName, release, environment, isSegment, durationUs }) => ({ spanId, op, description, segmentName, release, environment, isSegment, durationUs }))).toEqual(
      expect.arrayContaining([
        { spanId: recorded.rootSpanId, op: "http.server", description: "GET /checkout", segmentName: "GET /checkout", release: "shop@t0k3n", environment: "production", isSegment: true, durationUs: 100_000 },
        { spanId: recorded.dbSpanId, op: "db", description: "SELECT * FROM orders WHERE id = $1", segmentName: "GET /checkout", release: "shop@t0k3n", environment: "production", isSegment: false, durationUs: 20_000 },
        { spanId: recorded.paymentSpanId, op: "http.client", description: "POST https://pay.example/charge", segmentName: "GET /checkout", release: "shop@t0k3n", environment: "production", isSegment: false, durationUs: 40_000 },
      ]),
    );
  });

  it("refuses a truncated protobuf body with a reason", () => {
    const truncated = bodies.protobuf.subarray(0, Math.floor(bodies.protobuf.length / 2));
    expect(refusalOf(() => otlpTracesToEnvelope(truncated, "protobuf"))).toEqual({ status: 400, message: expect.stringMatching(/^the body is not an OTLP ExportTraceServiceRequest in protobuf: .+/) });
  });

  it("skips deep key-value lists in protobuf without building them, and refuses arrays nested to overflow the stack", () => {
    // AnyValue.kvlist_value (6) and .array_value (5), each wrapping the next, then appended as an attribute
    // (KeyValue) of the first span: ExportTraceServiceRequest.1 → ResourceSpans.2 → ScopeSpans.2 → Span.9.
    const nested = (field: number, depth: number) => {
      const core = Buffer.from([0x0a, 0x01, 0x78]); // AnyValue{string_value: "x"}
      let length = core.length;
      const headers: Buffer[] = [];
      for (let level = 0; level < depth; level++) {
        // Inner to outer: KeyValue.value (kvlists only), the list's values, the AnyValue field.
        const keyValue = field === 6 ? Buffer.concat([Buffer.from([0x12]), varint(length)]) : Buffer.alloc(0);
        length += keyValue.length;
        const list = Buffer.concat([Buffer.from([0x0a]), varint(length)]);
        length += list.length;
        const value = Buffer.concat([Buffer.from([(field << 3) | 2]), varint(length)]);
        length += value.length;
        headers.push(Buffer.concat([value, list, keyValue]));
      }
      return Buffer.concat([...headers.reverse(), core]);
    };
    const withAttribute = (value: Buffer) => {
      const keyValue = Buffer.concat([Buffer.from([0x0a, 0x04]), Buffer.from("deep"), Buffer.from([0x12]), varint(value.length), value]);
      const spanBytes = Buffer.concat([Buffer.from([0x0a, 0x10]), Buffer.from("5b8efff798038103d269b633813fc60c", "hex"), Buffer.from([0x12, 0x08]), Buffer.from("00f067aa0ba902b7", "hex"), Buffer.from([0x39]), Buffer.alloc(8, 0x11), Buffer.from([0x4a]), varint(keyValue.length), keyValue]);
      const scopeSpans = Buffer.concat([Buffer.from([0x12]), varint(spanBytes.length), spanBytes]);
      const resourceSpans = Buffer.concat([Buffer.from([0x12]), varint(scopeSpans.length), scopeSpans]);
      return Buffer.concat([Buffer.from([0x0a]), varint(resourceSpans.length), resourceSpans]);
    };
    const [shallow] = convert(withAttribute(nested(5, 3)), "protobuf").spans;
    expect((shallow!.attributes as Attributes).deep).toEqual({ type: "string", value: '[[["x"]]]' });
    const [kept] = convert(withAttribute(nested(6, 50_000)), "protobuf").spans;
    expect(kept).toMatchObject({ span_id: "00f067aa0ba902b7" });
    expect(kept!.attributes).not.toHaveProperty("deep");
    expect(refusalOf(() => otlpTracesToEnvelope(withAttribute(nested(5, 50_000)), "protobuf"))).toEqual({ status: 400, message: expect.stringMatching(/^the body is not an OTLP ExportTraceServiceRequest in protobuf: /) });
  });

  it("refuses a protobuf body read as JSON, and gzip bytes that were not decompressed", () => {
    expect(refusalOf(() => otlpTracesToEnvelope(bodies.protobuf, "json")).status).toBe(400);
    expect(refusalOf(() => otlpTracesToEnvelope(gzipSync(bodies.json), "json")).status).toBe(400);
  });
});

describe("otlpTracesToEnvelope with hostile OTLP/JSON", () => {
  it("drops spans with bad ids, counting each with its reason, and keeps the rest", () => {
    const { spans, rejected } = convert(
      json(
        exportOf([
          { traceId: "abc" },
          { spanId: "zzzzzzzzzzzzzzzz" },
          { spanId: "0000000000000000" },
          { traceId: "00000000000000000000000000000000" },
          { parentSpanId: "1234" },
          { parentSpanId: 42 },
          { startTimeUnixNano: "-5" },
          {},
          "not a span",
        ]),
      ),
    );
    expect(spans.map((span) => span.span_id)).toEqual([spanIdOf(7)]);
    expect(rejected).toEqual([
      "span 1: traceId must be 16 bytes and spanId 8 bytes, not all zero",
      "span 2: traceId must be 16 bytes and spanId 8 bytes, not all zero",
      "span 3: traceId must be 16 bytes and spanId 8 bytes, not all zero",
      "span 4: traceId must be 16 bytes and spanId 8 bytes, not all zero",
      "span 5: parentSpanId must be 8 bytes",
      "span 6: parentSpanId must be 8 bytes",
      "span 7: startTimeUnixNano is missing or not a nanosecond count",
      "span 9: not an object",
    ]);
  });

  it("refuses an export whose every span is bad (400 with the reasons); an empty export stores nothing", () => {
    expect(refusalOf(() => otlpTracesToEnvelope(json(exportOf([{ traceId: "abc" }, { spanId: "" }])), "json"))).toEqual({
      status: 400,
      message: "no span of the export could be read: span 1: traceId must be 16 bytes and spanId 8 bytes, not all zero; span 2: traceId must be 16 bytes and spanId 8 bytes, not all zero",
    });
    expect(otlpTracesToEnvelope(json({}), "json")).toEqual({ encoding: "json", envelope: null, rejected: [] });
    expect(otlpTracesToEnvelope(json({ resourceSpans: [{ scopeSpans: [{ spans: [] }] }] }), "json").envelope).toBeNull();
  });

  it("clamps an end before the start to a zero-length span, and reads 64-bit nanoseconds exactly to the microsecond", () => {
    const [backwards, precise] = convert(
      json(
        exportOf([
          { startTimeUnixNano: "1764400000900000000", endTimeUnixNano: "1764400000100000000" },
          { startTimeUnixNano: "1764400000123456789", endTimeUnixNano: 1764400000223456 * 1000 },
        ]),
      ),
    ).spans;
    expect(backwards).toMatchObject({ start_timestamp: 1764400000.9, end_timestamp: 1764400000.9 });
    expect(precise).toMatchObject({ start_timestamp: 1764400000.123456, end_timestamp: 1764400000.223456 });
  });

  it("keeps 200 of 10,000 attributes, counts the rest, and still sets Lantern's own", () => {
    const attributes = Array.from({ length: 10_000 }, (_, index) => ({ key: `attribute.${index}`, value: { intValue: String(index) } }));
    const [span] = convert(json(exportOf([{ attributes }], [{ key: "service.version", value: { stringValue: "1.0.0" } }]))).spans;
    const kept = span!.attributes as Attributes;
    expect(Object.keys(kept).filter((key) => key.startsWith("attribute."))).toHaveLength(maxAttributesPerSpan);
    expect(kept["attribute.199"]).toEqual({ type: "integer", value: 199 });
    expect(kept).not.toHaveProperty("attribute.200");
    expect(kept["lantern.dropped_attributes_count"]).toEqual({ type: "integer", value: 10_000 - maxAttributesPerSpan + 1 });
    expect(kept["sentry.release"]).toEqual({ type: "string", value: "1.0.0" });
    expect(kept["sentry.origin"]).toEqual({ type: "string", value: "auto.otlp.spans" });
  });

  it("caps huge names, keys and values", () => {
    const huge = "x".repeat(1024 * 1024);
    const [span] = convert(json(exportOf([{ name: huge, attributes: [{ key: "big", value: { stringValue: huge } }, { key: huge, value: { stringValue: "long key" } }] }]))).spans;
    expect((span!.name as string).length).toBe(maxNameLength);
    const attributes = span!.attributes as Attributes;
    expect((attributes.big!.value as string).length).toBe(8 * 1024);
    expect(Object.keys(attributes).some((key) => key.length > 256)).toBe(false);
    expect(attributes["lantern.dropped_attributes_count"]).toEqual({ type: "integer", value: 1 });
  });

  it("drops nested key-value lists, writes arrays as JSON text (8 levels at most), bytes as text, and keeps exact big integers", () => {
    // 12 levels of OTLP values nest 36 JSON levels: within what the parser accepts (64), deeper than arrays are kept.
    let kvlist: Json = { stringValue: "bottom" };
    for (let depth = 0; depth < 12; depth++) kvlist = { kvlistValue: { values: [{ key: "next", value: kvlist }] } };
    let array: Json = { stringValue: "bottom" };
    for (let depth = 0; depth < 12; depth++) array = { arrayValue: { values: [array] } };
    const attributes = [
      { key: "nested.map", value: kvlist },
      { key: "nested.array", value: array },
      { key: "mixed", value: { arrayValue: { values: [{ intValue: "7" }, { boolValue: false }, { doubleValue: 0.5 }, { kvlistValue: { values: [] } }] } } },
      { key: "raw", value: { bytesValue: Buffer.from("héllo").toString("base64") } },
      { key: "big", value: { intValue: "9007199254740993" } },
      { key: "nan", value: { doubleValue: "NaN" } },
      { key: "__proto__", value: { stringValue: "just a key" } },
      { key: "empty", value: {} },
    ];
    const [span] = convert(json(exportOf([{ attributes }]))).spans;
    const kept = span!.attributes as Attributes;
    expect(kept).not.toHaveProperty("nested.map");
    expect(kept["nested.array"]!.type).toBe("string");
    expect((kept["nested.array"]!.value as string).startsWith("[[[[[[[[")).toBe(true);
    expect(kept["nested.array"]!.value).not.toContain("bottom");
    expect(kept.mixed).toEqual({ type: "string", value: "[7,false,0.5]" });
    expect(kept.raw).toEqual({ type: "string", value: "héllo" });
    expect(kept.big).toEqual({ type: "string", value: "9007199254740993" });
    expect(kept.nan).toEqual({ type: "string", value: "NaN" });
    expect(Object.getOwnPropertyDescriptor(kept, "__proto__")?.value).toEqual({ type: "string", value: "just a key" });
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(kept["lantern.dropped_attributes_count"]).toEqual({ type: "integer", value: 1 });
  });

  it("refuses JSON nested past 64 levels before parsing it", () => {
    const deep = new TextEncoder().encode(`${"[".repeat(100_000)}${"]".repeat(100_000)}`);
    expect(refusalOf(() => otlpTracesToEnvelope(deep, "json"))).toEqual({ status: 400, message: "the OTLP/JSON body nests deeper than 64 levels" });
  });

  it.each([["[]"], ['"resourceSpans"'], ["null"], ["42"], ["{not json"], ['{"resourceSpans":{}}'], ['{"resourceSpans":[1]}'], ['{"resourceSpans":[{"scopeSpans":"x"}]}'], ['{"resourceSpans":[{"scopeSpans":[{"spans":{}}]}]}']])(
    "refuses %s with 400 and a reason",
    (body) => {
      expect(refusalOf(() => otlpTracesToEnvelope(new TextEncoder().encode(body), "json"))).toEqual({ status: 400, message: expect.any(String) });
    },
  );

  it("splits 2,500 spans into containers of 1,000, 1,000 and 500", () => {
    const { items, spans } = convert(json(exportOf(Array.from({ length: 2500 }, () => ({})))));
    expect(items.map((item) => item.header.item_count)).toEqual([1000, 1000, 500]);
    expect(new Set(spans.map((span) => span.span_id)).size).toBe(2500);
  });

  it("makes a span whose parent is remote or absent (zeros too) a segment, reads enum names, and infers empty names", () => {
    const spans = convert(
      json(
        exportOf([
          { parentSpanId: "00f067aa0ba902b7", flags: 0x301, kind: "SPAN_KIND_CONSUMER", attributes: [{ key: "messaging.system", value: { stringValue: "kafka" } }] },
          { parentSpanId: "00f067aa0ba902b7", flags: 0x101, name: "", kind: 3, attributes: [{ key: "http.request.method", value: { stringValue: "GET" } }] },
          { name: "", parentSpanId: "0000000000000000", attributes: [{ key: "db.system.name", value: { stringValue: "sqlite" } }], status: { code: "STATUS_CODE_ERROR" } },
        ]),
      ),
    ).spans;
    expect(spans[0]).toMatchObject({ is_segment: true, is_remote: true, kind: "consumer", attributes: { "sentry.op": { value: "queue.process" } } });
    expect(spans[1]).toMatchObject({ is_segment: false, is_remote: false, name: "http.client", attributes: { "sentry.op": { value: "http.client" } } });
    expect(spans[1]!.attributes).not.toHaveProperty("sentry.segment.name");
    expect(spans[2]).toMatchObject({ is_segment: true, name: "db", status: "error", attributes: { "sentry.op": { value: "db" } } });
    expect(spans[2]).not.toHaveProperty("parent_span_id");
  });

  it("keeps what the sender set over what Lantern infers", () => {
    const [span] = convert(json(exportOf([{ attributes: [{ key: "sentry.op", value: { stringValue: "checkout.total" } }, { key: "db.system.name", value: { stringValue: "sqlite" } }] }]))).spans;
    expect(span!.attributes).toMatchObject({ "sentry.op": { value: "checkout.total" } });
  });

  it(`makes at most ${maxErrorEventsPerExport} error events per export; other exceptions stay with their span's events`, () => {
    const exception = { name: "exception", timeUnixNano: "1764400000200000000", attributes: [{ key: "exception.type", value: { stringValue: "Boom" } }] };
    const { events, spans } = convert(json(exportOf([{ events: Array.from({ length: maxErrorEventsPerExport + 5 }, () => exception) }, { events: [{ name: "exception", attributes: [] }] }])));
    expect(events).toHaveLength(maxErrorEventsPerExport);
    expect(events[0]).toMatchObject({ platform: "other", exception: { values: [{ type: "Boom" }] }, timestamp: 1764400000.2 });
    expect(JSON.parse((spans[0]!.attributes as Attributes)["otel.events"]!.value as string)).toHaveLength(5);
    // An exception event naming neither type nor message is not an error: it stays a span event.
    expect(JSON.parse((spans[1]!.attributes as Attributes)["otel.events"]!.value as string)).toEqual([{ name: "exception", time: null, attributes: {} }]);
  });

  it("caps the other span events at 8 KiB of JSON", () => {
    const events = Array.from({ length: 60 }, (_, index) => ({ name: `event ${index}`, attributes: [{ key: "payload", value: { stringValue: "y".repeat(1000) } }] }));
    const [span] = convert(json(exportOf([{ events }]))).spans;
    const text = (span!.attributes as Attributes)["otel.events"]!.value as string;
    expect(text.length).toBeLessThanOrEqual(8 * 1024);
    expect(JSON.parse(text).length).toBeGreaterThan(0);
  });
});

describe("encodeTraceResponseProtobuf", () => {
  it("writes OTLP's partial success as the OpenTelemetry exporter reads it", () => {
    const answer = ProtobufTraceSerializer.deserializeResponse(encodeTraceResponseProtobuf(3, "3 span(s) rejected"));
    expect(answer).toEqual({ partialSuccess: { rejectedSpans: expect.anything(), errorMessage: "3 span(s) rejected" } });
    expect(Number(answer.partialSuccess!.rejectedSpans)).toBe(3);
  });
});

describe("otlpEncodingOf", () => {
  it.each([
    ["application/json", "json"],
    ["application/json; charset=utf-8", "json"],
    ["Application/JSON", "json"],
    ["application/x-protobuf", "protobuf"],
  ] as const)("reads %s as %s", (contentType, encoding) => {
    expect(otlpEncodingOf(contentType)).toBe(encoding);
  });

  it.each([["text/plain"], ["application/protobuf"], [""], [null]])("refuses %s with 415 and a reason", (contentType) => {
    expect(refusalOf(() => otlpEncodingOf(contentType))).toEqual({ status: 415, message: expect.stringContaining("use application/json or application/x-protobuf") });
  });
});
