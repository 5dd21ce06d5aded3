import { describe, expect, it } from "vitest";
import { buildReplayTimeline, describeValue, formatOffset, initialOffsetMs, sortRrwebEvents } from "./replay-timeline";

const start = 1_700_000_000_000;
const breadcrumb = (atMs: number, payload: Record<string, unknown>) => ({ type: 5, timestamp: atMs, data: { tag: "breadcrumb", payload: { timestamp: atMs / 1000, type: "default", ...payload } } });
const span = (atMs: number, endMs: number, op: string, description: string, data: Record<string, unknown> = {}) => ({
  type: 5,
  timestamp: atMs,
  data: { tag: "performanceSpan", payload: { op, description, startTimestamp: atMs / 1000, endTimestamp: endMs / 1000, data } },
});

const events = sortRrwebEvents([
  { type: 2, timestamp: start + 10, data: { node: {} } },
  breadcrumb(start + 3_000, { category: "console", level: "error", data: { arguments: ["Payment failed", { code: 42 }], logger: "console" } }),
  { type: 4, timestamp: start, data: { href: "https://shop.example/cart", width: 1280, height: 720 } },
  breadcrumb(start + 2_000, { category: "ui.click", message: "body > button#pay" }),
  breadcrumb(start + 2_500, { category: "navigation", data: { from: "/cart", to: "/pay" } }),
  span(start + 2_100, start + 2_350, "resource.fetch", "https://api.shop.example/pay", {
    method: "POST",
    statusCode: 500,
    request: { size: 12, body: { amount: 3 } },
    response: { size: 20, body: "<img src=x onerror=alert(1)>" },
  }),
  span(start + 2_600, start + 2_700, "navigation.push", "https://shop.example/pay"),
  span(start + 100, start + 200, "resource.img", "https://cdn.example/a.png"),
  { type: 3, timestamp: start + 9_000, data: { source: 1, positions: [] } },
  "not an event",
  { type: 3, timestamp: Number.NaN, data: {} },
]);

describe("buildReplayTimeline", () => {
  const timeline = buildReplayTimeline(events, [{ eventId: "a".repeat(32), timestampMs: start + 3_100, title: "Error: Payment failed", issueId: 7 }]);

  it("spans the recording from its first to its last event", () => {
    expect(events).toHaveLength(9);
    expect(timeline).toMatchObject({ startMs: start, endMs: start + 9_000, durationMs: 9_000 });
  });

  it("lists console messages with their arguments as text", () => {
    expect(timeline.console).toEqual([{ offsetMs: 3_000, level: "error", message: 'Payment failed {"code":42}' }]);
  });

  it("lists fetch and xhr requests with method, status, sizes and bodies, not other resources", () => {
    expect(timeline.network).toEqual([
      { offsetMs: 2_100, durationMs: 250, op: "resource.fetch", method: "POST", url: "https://api.shop.example/pay", statusCode: 500, requestSize: 12, responseSize: 20, requestBody: '{"amount":3}', responseBody: "<img src=x onerror=alert(1)>" },
    ]);
  });

  it("lists breadcrumbs other than console, and marks clicks, navigations and errors", () => {
    expect(timeline.breadcrumbs.map((row) => [row.offsetMs, row.category, row.message])).toEqual([
      [2_000, "ui.click", "body > button#pay"],
      [2_500, "navigation", '{"from":"/cart","to":"/pay"}'],
    ]);
    expect(timeline.markers.map((marker) => [marker.offsetMs, marker.kind, marker.label])).toEqual([
      [0, "navigation", "https://shop.example/cart"],
      [2_000, "click", "body > button#pay"],
      [2_500, "navigation", "/pay"],
      [2_600, "navigation", "https://shop.example/pay"],
      [3_100, "error", "Error: Payment failed"],
    ]);
    expect(timeline.errors).toEqual([{ eventId: "a".repeat(32), timestampMs: start + 3_100, title: "Error: Payment failed", issueId: 7, offsetMs: 3_100 }]);
  });

  it("is empty for no events", () => {
    expect(buildReplayTimeline([])).toMatchObject({ durationMs: 0, console: [], network: [], markers: [] });
  });
});

describe("initialOffsetMs", () => {
  const timeline = { durationMs: 60_000, errors: [{ eventId: "b".repeat(32), timestampMs: 0, title: "", issueId: null, offsetMs: 20_000 }] };
  it("opens 5 s before the named error, else at ?t=, else at the start, within the recording", () => {
    expect(initialOffsetMs(timeline, { event: "B".repeat(32) })).toBe(15_000);
    expect(initialOffsetMs(timeline, { event: "c".repeat(32), t: "12.5" })).toBe(12_500);
    expect(initialOffsetMs(timeline, { t: "9999" })).toBe(60_000);
    expect(initialOffsetMs(timeline, { t: "-3" })).toBe(0);
    expect(initialOffsetMs(timeline, { t: "soon" })).toBe(0);
    expect(initialOffsetMs(timeline, {})).toBe(0);
  });
});

describe("formatting", () => {
  it("formats offsets and values", () => {
    expect(formatOffset(65_400)).toBe("1:05");
    expect(formatOffset(3_723_000)).toBe("1:02:03");
    expect(describeValue("x".repeat(3_000))).toHaveLength(2_001);
    expect(describeValue({ a: [1] })).toBe('{"a":[1]}');
  });
});

describe("sortRrwebEvents with the SDK's seconds", () => {
  it("reads the SDK's performance spans stamped in seconds as ms, so they sort into the recording and not before it", () => {
    const atMs = 1_764_500_000_000;
    const sorted = sortRrwebEvents([
      { type: 4, timestamp: atMs, data: { href: "https://shop.example/" } },
      { type: 5, timestamp: (atMs + 2_000) / 1000, data: { tag: "performanceSpan", payload: { op: "resource.fetch" } } },
      { type: 3, timestamp: atMs + 1_000, data: {} },
    ]);
    expect(sorted.map((event) => event.timestamp)).toEqual([atMs, atMs + 1_000, atMs + 2_000]);
    expect(buildReplayTimeline(sorted).durationMs).toBe(2_000);
  });
});
