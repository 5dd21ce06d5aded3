import { describe, expect, it } from "vitest";
import { eventTraceId, parseTraceId } from "./trace-id";

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("parseTraceId", () => {
  it("accepts 32 hex digits in any case, trimmed, and the dashed UUID form, answering lowercase", () => {
    expect(parseTraceId(traceId)).toBe(traceId);
    expect(parseTraceId(`  ${traceId.toUpperCase()}\n`)).toBe(traceId);
    expect(parseTraceId("4bf92f35-77b3-4da6-a3ce-929d0e0e4736")).toBe(traceId);
  });

  it("refuses anything else", () => {
    for (const text of ["", traceId.slice(1), `${traceId}0`, `${traceId.slice(0, 31)}g`, "4bf92f35-77b34da6-a3ce-929d0e0e4736", `${traceId} ${traceId}`, "x".repeat(10_000)]) expect(parseTraceId(text), text).toBeNull();
    for (const value of [null, undefined, 42, [traceId], { traceId }]) expect(parseTraceId(value)).toBeNull();
  });
});

describe("eventTraceId", () => {
  it("reads contexts.trace.trace_id when it is a valid trace id", () => {
    expect(eventTraceId({ contexts: { trace: { trace_id: traceId.toUpperCase(), span_id: "00f067aa0ba902b7" } } })).toBe(traceId);
  });

  it("answers null for a missing, malformed or inherited trace context", () => {
    expect(eventTraceId({})).toBeNull();
    expect(eventTraceId({ contexts: { trace: { trace_id: "not-a-trace" } } })).toBeNull();
    expect(eventTraceId({ contexts: { trace: [traceId] } })).toBeNull();
    expect(eventTraceId({ contexts: "trace" })).toBeNull();
    expect(eventTraceId({ contexts: Object.create({ trace: { trace_id: traceId } }) as Record<string, unknown> })).toBeNull();
    expect(eventTraceId({ contexts: { trace: Object.create({ trace_id: traceId }) as Record<string, unknown> } })).toBeNull();
  });
});
