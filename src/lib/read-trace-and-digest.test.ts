import { describe, expect, it } from "vitest";
import { readTraceAndDigest, readTraceSpanId } from "./read-trace-and-digest";

const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";

describe("readTraceAndDigest", () => {
  it("reads the trace context's id and the digest tag, with tags stored as pairs or as an object", () => {
    expect(readTraceAndDigest({ contexts: { trace: { trace_id: traceId, span_id: "00f067aa0ba902b7" } }, tags: [["runtime", "node"], ["digest", "4252315987"]] })).toEqual({ traceId, digest: "4252315987" });
    expect(readTraceAndDigest({ tags: { digest: "491403947" } })).toEqual({ traceId: null, digest: "491403947" });
  });

  it("counts missing, empty and non-string values as absent", () => {
    expect(readTraceAndDigest({})).toEqual({ traceId: null, digest: null });
    expect(readTraceAndDigest({ contexts: { trace: { trace_id: 42 } }, tags: [["digest", 7]] })).toEqual({ traceId: null, digest: null });
    expect(readTraceAndDigest({ contexts: { trace: { trace_id: "" } }, tags: [["digest", ""]] })).toEqual({ traceId: null, digest: null });
    expect(readTraceAndDigest({ contexts: "trace", tags: "digest" })).toEqual({ traceId: null, digest: null });
    expect(readTraceAndDigest({ contexts: { trace: [traceId] } })).toEqual({ traceId: null, digest: null });
  });

  it("reads only the event's own trace context, never one inherited through the prototype", () => {
    const contexts = Object.create({ trace: { trace_id: traceId } }) as Record<string, unknown>;
    expect(readTraceAndDigest({ contexts })).toEqual({ traceId: null, digest: null });
  });

  it("takes the first non-empty digest tag when an event carries several", () => {
    expect(readTraceAndDigest({ tags: [["digest", ""], ["digest", "1"], ["digest", "2"]] }).digest).toBe("1");
  });

  it("reads the span the event happened in only when it is 16 hex digits", () => {
    expect(readTraceSpanId({ contexts: { trace: { trace_id: traceId, span_id: "00F067AA0BA902B7" } } })).toBe("00f067aa0ba902b7");
    expect(readTraceSpanId({ contexts: { trace: { span_id: "00f067aa0ba902b" } } })).toBeNull();
    expect(readTraceSpanId({ contexts: { trace: { span_id: 7 } } })).toBeNull();
    expect(readTraceSpanId({})).toBeNull();
  });
});
