import { describe, expect, it } from "vitest";
import { barPosition, formatSpanDuration, rowWindow, visibleRowIndexes } from "./trace-waterfall";

describe("the trace waterfall's helpers", () => {
  it("formats durations from microseconds", () => {
    expect([250, 12_340, 340_000, 1_240_000, 150_000_000].map(formatSpanDuration)).toEqual(["0.25 ms", "12.3 ms", "340 ms", "1.24 s", "2.5 min"]);
  });

  it("hides the rows under a collapsed span and keeps its siblings", () => {
    const rows = [
      { spanId: "a", depth: 0 },
      { spanId: "b", depth: 1 },
      { spanId: "c", depth: 2 },
      { spanId: "d", depth: 1 },
      { spanId: "e", depth: 0 },
    ];
    expect(visibleRowIndexes(rows, new Set())).toEqual([0, 1, 2, 3, 4]);
    expect(visibleRowIndexes(rows, new Set(["b"]))).toEqual([0, 1, 3, 4]);
    expect(visibleRowIndexes(rows, new Set(["a"]))).toEqual([0, 4]);
    expect(visibleRowIndexes(rows, new Set(["a", "c"]))).toEqual([0, 4]);
  });

  it("renders only the rows in view, with overscan, however long the trace", () => {
    expect(rowWindow(5000, 32, 0, 640)).toEqual({ first: 0, last: 30 });
    expect(rowWindow(5000, 32, 32 * 4990, 640)).toEqual({ first: 4980, last: 5000 });
  });

  it("places bars on the axis and keeps zero-length spans visible", () => {
    expect(barPosition(1500, 500, 1000, 3000)).toEqual({ left: 25, width: 25 });
    expect(barPosition(3000, 0, 1000, 3000)).toEqual({ left: 100, width: 0.2 });
  });
});
