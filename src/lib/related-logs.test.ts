import { describe, expect, it } from "vitest";
import { formatRelativeOffset, formatTraceOffset, highestSeverity, logsExplorerPath, quoteLogQueryValue } from "./related-logs";

describe("log lines beside traces and events", () => {
  it("says a line's time relative to the event, signed", () => {
    expect(formatRelativeOffset(-3_240)).toBe("-3.2 s");
    expect(formatRelativeOffset(400)).toBe("+400 ms");
    expect(formatRelativeOffset(0)).toBe("+0 ms");
    expect(formatRelativeOffset(-119_000)).toBe("-2.0 min");
    expect(formatRelativeOffset(7_200_000)).toBe("+2.0 h");
  });

  it("says a line's time from the trace's start as the waterfall's axis does, negative before the first span", () => {
    expect(formatTraceOffset(12_300)).toBe("+12.3 ms");
    expect(formatTraceOffset(-250)).toBe("-0.25 ms");
  });

  it("colours a marker by the most severe line", () => {
    expect(highestSeverity([{ severity: "info" }, { severity: "error" }, { severity: "warn" }])).toBe("error");
    expect(highestSeverity([{ severity: "debug" }])).toBe("debug");
    expect(highestSeverity([])).toBeNull();
  });

  it("links the explorer with a query whose values with spaces or quotes stay one value", () => {
    expect(logsExplorerPath("trace:0af7651916cd43dd8448eb211c80319c")).toBe("/logs?query=trace%3A0af7651916cd43dd8448eb211c80319c");
    expect(quoteLogQueryValue("web-1")).toBe("web-1");
    expect(quoteLogQueryValue('my "host" 2')).toBe('"my \\"host\\" 2"');
  });
});
