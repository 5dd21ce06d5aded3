import { describe, expect, it } from "vitest";
import { parseReplayQuery } from "./parse-replay-search";

describe("parseReplayQuery (Sentry's replay search)", () => {
  it("reads keys, negation, quotes, lists, comparisons, durations and free text", () => {
    expect(parseReplayQuery('user.email:ada@shop.example !browser.name:"Mobile Safari" release:[a@1, b@2] count_errors:>=2 duration:>1m checkout')).toEqual([
      { kind: "text", field: "user.email", values: ["ada@shop.example"], negated: false },
      { kind: "text", field: "browser.name", values: ["Mobile Safari"], negated: true },
      { kind: "text", field: "release", values: ["a@1", "b@2"], negated: false },
      { kind: "number", field: "count_errors", operator: ">=", value: 2 },
      { kind: "number", field: "duration", operator: ">", value: 60_000 },
      { kind: "free", text: "checkout" },
    ]);
    expect(parseReplayQuery("!count_errors:0 duration:<=90")).toEqual([
      { kind: "number", field: "count_errors", operator: "!=", value: 0 },
      { kind: "number", field: "duration", operator: "<=", value: 90_000 },
    ]);
  });

  it("refuses what it cannot search, with the reason", () => {
    expect(() => parseReplayQuery("colour:red")).toThrow(/cannot be searched by "colour"/);
    expect(() => parseReplayQuery("count_errors:many")).toThrow(/count_errors:" needs a number/);
    expect(() => parseReplayQuery("duration:>soon")).toThrow(/needs a duration/);
    expect(() => parseReplayQuery("x".repeat(1001))).toThrow(/at most 1000 characters/);
    expect(() => parseReplayQuery(Array.from({ length: 21 }, (_, index) => `url:${index}`).join(" "))).toThrow(/at most 20 conditions/);
  });
});
