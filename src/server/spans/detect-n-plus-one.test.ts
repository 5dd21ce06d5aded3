import { describe, expect, it } from "vitest";
import { detectNPlusOneQueries } from "./detect-n-plus-one";
import type { SpanInput } from "./read-spans";

const parent: SpanInput = { traceId: "a".repeat(32), spanId: "0".repeat(16), parentSpanId: null, startUs: 0, durationUs: 1_000_000, op: "http.server", description: "GET /", segmentName: "GET /", release: null, environment: null, status: 0, isSegment: true, extra: {} };

function query(index: number, { startUs = 1_000 + index * 20_000, durationUs = 15_000, description = `SELECT * FROM users WHERE id = ${index}`, parentSpanId = parent.spanId } = {}): SpanInput {
  return { ...parent, spanId: (index + 1).toString(16).padStart(16, "0"), parentSpanId, startUs, durationUs, op: "db", description, isSegment: false };
}

describe("detectNPlusOneQueries", () => {
  it("finds five or more sequential identical statements lasting 50 ms together, once per parent and statement", () => {
    const spans = [parent, ...Array.from({ length: 6 }, (_, index) => query(index))];
    const [finding, ...rest] = detectNPlusOneQueries(spans);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ statement: "SELECT * FROM users WHERE id = ?", totalUs: 90_000 });
    expect(finding!.spans).toHaveLength(6);
    expect(finding!.parent.spanId).toBe(parent.spanId);
  });

  it("does not call four repeats, 50 ms spread thin, parallel queries or truncated statements N+1", () => {
    expect(detectNPlusOneQueries([parent, ...Array.from({ length: 4 }, (_, index) => query(index))])).toEqual([]);
    expect(detectNPlusOneQueries([parent, ...Array.from({ length: 9 }, (_, index) => query(index, { durationUs: 5_000 }))])).toEqual([]);
    // Issued together (each starts before the previous ends): a batch, not a loop.
    expect(detectNPlusOneQueries([parent, ...Array.from({ length: 8 }, (_, index) => query(index, { startUs: 1_000 + index * 1_000 }))])).toEqual([]);
    expect(detectNPlusOneQueries([parent, ...Array.from({ length: 8 }, (_, index) => query(index, { description: "SELECT * FROM users WHERE id IN (1, 2, 3, ..." }))])).toEqual([]);
  });

  it("breaks a run at another statement and ignores spans whose parent is not in the transaction", () => {
    const interleaved = Array.from({ length: 10 }, (_, index) => query(index, { description: index % 2 === 0 ? `SELECT a FROM t WHERE id = ${index}` : `SELECT b FROM u WHERE id = ${index}` }));
    expect(detectNPlusOneQueries([parent, ...interleaved])).toEqual([]);
    expect(detectNPlusOneQueries(Array.from({ length: 8 }, (_, index) => query(index, { parentSpanId: "f".repeat(16) })))).toEqual([]);
  });
});
