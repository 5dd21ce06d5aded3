import { describe, expect, it } from "vitest";
import { spansOfContainer, spansOfTransaction, timestampUs } from "./read-spans";

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const transaction = (extra: Record<string, unknown> = {}) => ({
  type: "transaction",
  transaction: "GET /",
  start_timestamp: 1_795_000_000,
  timestamp: 1_795_000_001,
  contexts: { trace: { trace_id: traceId, span_id: "00f067aa0ba902b7", op: "http.server" } },
  ...extra,
});

describe("reading spans from what SDKs send", () => {
  it("refuses a transaction without its trace context, ids or timestamps, as Relay does", () => {
    expect(() => spansOfTransaction({ ...transaction(), contexts: {} })).toThrow(/contexts.trace/);
    expect(() => spansOfTransaction(transaction({ contexts: { trace: { trace_id: "nothex", span_id: "00f067aa0ba902b7" } } }))).toThrow(/trace_id/);
    expect(() => spansOfTransaction(transaction({ start_timestamp: "yesterday" }))).toThrow(/start_timestamp/);
  });

  it("clamps a child that ends before it starts to zero length and drops children with bad ids, naming why", () => {
    const read = spansOfTransaction(transaction({ spans: [{ span_id: "1111111111111111", start_timestamp: 1_795_000_000.5, timestamp: 1_795_000_000.2, op: "db" }, { span_id: "<script>", start_timestamp: 1_795_000_000.5 }, "not a span", { span_id: "2222222222222222", start_timestamp: 1_795_000_000.6 }] }));
    expect(read.spans.map((span) => [span.spanId, span.durationUs])).toEqual([["00f067aa0ba902b7", 1_000_000], ["1111111111111111", 0], ["2222222222222222", 400_000]]);
    expect(read.dropped).toEqual(["span 2: span_id is not 16 hex digits", "span 3: not an object"]);
  });

  it("reads v2 container spans with typed attributes, inferring op like Relay's v1 view, and keeps hostile text as data", () => {
    const read = spansOfContainer({
      items: [
        { trace_id: traceId, span_id: "3333333333333333", name: "<img src=x onerror=alert(1)>", status: "ok", is_segment: true, start_timestamp: 1_795_000_000, end_timestamp: 1_795_000_000.25, attributes: { "sentry.release": { type: "string", value: "web@2" }, "http.request.method": { type: "string", value: "GET" } }, kind: "server" },
        { trace_id: traceId, span_id: "4444444444444444", parent_span_id: "3333333333333333", name: "SELECT 1", status: "error", start_timestamp: 1_795_000_000.1, end_timestamp: 1_795_000_000.2, attributes: { "db.system": { type: "string", value: "postgresql" } } },
        { trace_id: "short", span_id: "5555555555555555", start_timestamp: 1_795_000_000 },
        { trace_id: traceId, span_id: "6666666666666666", start_timestamp: -5, end_timestamp: 1e30 },
      ],
    });
    expect(read.spans.map((span) => [span.op, span.description, span.isSegment, span.status, span.release])).toEqual([
      ["http.server", "<img src=x onerror=alert(1)>", true, 0, "web@2"],
      ["db", "SELECT 1", false, 13, null],
    ]);
    expect(read.dropped).toHaveLength(2);
  });

  it("keeps 200 attributes of a span that sends 10,000, and counts the rest", () => {
    const attributes = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`key.${index}`, { type: "integer", value: index }]));
    const [span] = spansOfContainer({ items: [{ trace_id: traceId, span_id: "7777777777777777", name: "x", status: "ok", start_timestamp: 1_795_000_000, end_timestamp: 1_795_000_001, attributes }] }).spans;
    const kept = span!.extra.attributes as Record<string, { value: number }>;
    expect(Object.keys(kept)).toHaveLength(201);
    expect(kept["lantern.dropped_attributes_count"]).toEqual({ type: "integer", value: 9_800 });
  });

  it("takes epoch seconds and RFC 3339 times, and refuses times before 2000 or after 2100", () => {
    expect(timestampUs(1_795_000_000.123456)).toBe(1_795_000_000_123_456);
    expect(timestampUs("2026-11-29T08:00:00.5Z")).toBe(Date.parse("2026-11-29T08:00:00.5Z") * 1000);
    expect(timestampUs(0)).toBeNull();
    expect(timestampUs(5e9)).toBeNull();
    expect(timestampUs({})).toBeNull();
  });
});
