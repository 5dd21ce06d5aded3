import { describe, expect, it } from "vitest";
import { formatReplayDuration, nextReplaySort, replayListHref, replayListState, replaySortDirection } from "./replay-list-params";

describe("replayListState", () => {
  it("defaults to the newest replays of the last 14 days, first page", () => {
    expect(replayListState({})).toEqual({ query: "", sort: "-started_at", range: "14d", cursor: null });
  });

  it("keeps Sentry's sort names with or without a minus, a known range and the cursor", () => {
    expect(replayListState({ query: "user.email:ada@example.com", sort: "count_errors", range: "24h", cursor: "abc" })).toEqual({ query: "user.email:ada@example.com", sort: "count_errors", range: "24h", cursor: "abc" });
    expect(replayListState({ sort: "-count_rage_clicks" }).sort).toBe("-count_rage_clicks");
    expect(replayListState({ sort: "user.display_name" }).sort).toBe("user.display_name");
  });

  it("refuses what it does not know: other sorts, ranges, repeated params, long values", () => {
    expect(replayListState({ sort: "payload", range: "1y", cursor: "x".repeat(201) })).toEqual({ query: "", sort: "-started_at", range: "14d", cursor: null });
    expect(replayListState({ sort: "--duration" }).sort).toBe("-started_at");
    expect(replayListState({ query: ["a", "b"], range: "toString" }).query).toBe("");
    expect(replayListState({ range: "toString" }).range).toBe("14d");
    expect(replayListState({ query: "q".repeat(600) }).query).toHaveLength(500);
  });
});

describe("replayListHref", () => {
  const state = { query: "url:checkout", sort: "-started_at", range: "14d" as const, cursor: "next" };

  it("leaves defaults out and starts a new sort at the first page", () => {
    expect(replayListHref("/replays", state, { sort: "-duration" })).toBe("/replays?query=url%3Acheckout&sort=-duration");
    expect(replayListHref("/replays", { ...state, query: "" }, {})).toBe("/replays");
  });

  it("keeps the search when paging", () => {
    expect(replayListHref("/projects/shop/replays", { ...state, range: "7d" }, { cursor: "c2" })).toBe("/projects/shop/replays?query=url%3Acheckout&range=7d&cursor=c2");
  });
});

describe("column sorting", () => {
  it("sorts a column descending first and flips it on the next click", () => {
    expect(nextReplaySort("-started_at", "duration")).toBe("-duration");
    expect(nextReplaySort("-duration", "duration")).toBe("duration");
    expect(nextReplaySort("duration", "duration")).toBe("-duration");
    expect(replaySortDirection("-duration", "duration")).toBe("descending");
    expect(replaySortDirection("duration", "duration")).toBe("ascending");
    expect(replaySortDirection("duration", "count_errors")).toBe("none");
  });
});

describe("formatReplayDuration", () => {
  it("writes minutes:seconds, with hours when there are any", () => {
    expect(formatReplayDuration(0)).toBe("0:00");
    expect(formatReplayDuration(42_400)).toBe("0:42");
    expect(formatReplayDuration(725_000)).toBe("12:05");
    expect(formatReplayDuration(3_729_000)).toBe("1:02:09");
    expect(formatReplayDuration(-5)).toBe("0:00");
  });
});
