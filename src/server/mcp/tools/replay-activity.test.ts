import { expect, it } from "vitest";
import { summarizeReplayActivity } from "./replay-activity";
import { replayIdOf } from "./replay-tools";

const startedAt = 1_700_000_000_000;
const crumb = (offset: number, payload: Record<string, unknown>) => ({ type: 5, timestamp: startedAt + offset, data: { tag: "breadcrumb", payload: { timestamp: (startedAt + offset) / 1000, ...payload } } });

it("reads pages, clicks, rage and dead clicks, console errors and failed requests from the SDK's rrweb events, at their offsets", () => {
  const summary = summarizeReplayActivity(
    [
      { events: [{ type: 4, timestamp: startedAt, data: { href: "https://shop.test/a" } }, { type: 4, timestamp: startedAt + 10, data: { href: "https://shop.test/a" } }, crumb(1_000, { category: "ui.click", message: "button#pay" })] },
      {
        events: [
          crumb(5_000, { category: "ui.multiClick", message: "button#pay" }),
          crumb(6_000, { category: "ui.slowClickDetected", message: "a.help" }),
          crumb(7_000, { category: "navigation", data: { from: "/a", to: "https://shop.test/b" } }),
          crumb(8_000, { category: "console", level: "warn", message: "slow" }),
          crumb(9_000, { category: "console", level: "error", message: "boom" }),
          { type: 5, timestamp: startedAt + 9_500, data: { tag: "performanceSpan", payload: { op: "resource.xhr", description: "/api/x", startTimestamp: (startedAt + 9_500) / 1000, data: { method: "GET", statusCode: 500 } } } },
          { type: 5, timestamp: startedAt + 9_600, data: { tag: "performanceSpan", payload: { op: "resource.fetch", description: "/api/y", startTimestamp: (startedAt + 9_600) / 1000, data: { method: "GET", statusCode: 200 } } } },
          "not an event",
          { type: 3, timestamp: startedAt, data: { source: 1, positions: [] } },
        ],
      },
    ],
    startedAt,
  );
  expect(summary).toMatchObject({ pages: 2, clicks: 1, consoleErrors: 1, failedRequests: 1 });
  expect(summary.items.map((item) => [item.offsetMs, item.kind, item.text])).toEqual([
    [0, "page", "https://shop.test/a"],
    [1000, "click", "button#pay"],
    [5000, "rage click", "button#pay"],
    [6000, "dead click", "a.help"],
    [7000, "page", "https://shop.test/b"],
    [9000, "console error", "boom"],
    [9500, "request failed", "GET /api/x → 500"],
  ]);
  expect(summarizeReplayActivity([{ events: Array.from({ length: 50 }, (_, index) => crumb(index, { category: "ui.click", message: "x" })) }], startedAt, 5).items).toHaveLength(5);
});

it("takes a replay id from replayId (dashes allowed) or from Lantern's and Sentry's replay URLs, and refuses anything else", () => {
  const id = "7e07485f12f9416b8b1426260799b51f";
  expect(replayIdOf({ replayId: "7e07485f-12f9-416b-8b14-26260799b51f" })).toBe(id);
  expect(replayIdOf({ replayUrl: `https://lantern.test/replays/${id}?t=3` })).toBe(id);
  expect(replayIdOf({ replayUrl: "https://my-org.sentry.io/explore/replays/7e07485f-12f9-416b-8b14-26260799b51f/" })).toBe(id);
  expect(() => replayIdOf({ replayUrl: "https://lantern.test/replays/player" })).toThrow(/does not name a replay/);
  expect(() => replayIdOf({ replayId: "nope" })).toThrow(/32 hex/);
  expect(() => replayIdOf({})).toThrow(/Give replayId/);
});
