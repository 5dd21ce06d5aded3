import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeClientReport, describeItem, describeItemTypes, describeSessionAggregates, describeSessionUpdate, itemTypeLabel } from "./describe-envelope-items";

/** The JSON payload of the one item of a captured fixture envelope (header, item header, payload). */
function fixturePayload(name: string): Record<string, unknown> {
  const lines = readFileSync(new URL(`../../tests/fixtures/envelopes/${name}`, import.meta.url), "utf8").split("\n");
  return JSON.parse(lines[2]!) as Record<string, unknown>;
}

describe("itemTypeLabel and describeItemTypes", () => {
  it("name every item type the SDKs send in words", () => {
    expect(["event", "session", "client_report", "attachment", "transaction", "check_in", "log", "user_report", "feedback", "span"].map(itemTypeLabel)).toEqual([
      "Event",
      "Session update",
      "Client report",
      "Attachment",
      "Transaction",
      "Check-in",
      "Log",
      "User feedback",
      "User feedback",
      "Span",
    ]);
  });

  it("quote an unknown type as sent, cut short, and never read the object's own properties as labels", () => {
    expect(itemTypeLabel("future_thing")).toBe("Item “future_thing”");
    expect(itemTypeLabel("constructor")).toBe("Item “constructor”");
    expect(itemTypeLabel("x".repeat(500))).toBe(`Item “${"x".repeat(40)}”`);
  });

  it("describe an envelope by its item types, each once", () => {
    expect(describeItemTypes(["session"])).toBe("Session update");
    expect(describeItemTypes(["session", "session", "client_report"])).toBe("Session update, client report");
    expect(describeItemTypes([])).toBe("Empty envelope");
  });
});

describe("describeClientReport", () => {
  it("reads the real @sentry/node client report: one event dropped by beforeSend", () => {
    expect(describeClientReport(fixturePayload("node-client-report.envelope"))).toBe("Client report: 1 event dropped by the SDK, reason: beforeSend");
  });

  it("adds up entries of one category and reason, and lists several by size", () => {
    expect(
      describeClientReport({
        discarded_events: [
          { reason: "sample_rate", category: "error", quantity: 2 },
          { reason: "sample_rate", category: "error", quantity: 1 },
        ],
      }),
    ).toBe("Client report: 3 events dropped by the SDK, reason: sample rate");
    expect(
      describeClientReport({
        discarded_events: [
          { reason: "network_error", category: "transaction", quantity: 1 },
          { reason: "queue_overflow", category: "error", quantity: 4 },
        ],
        rate_limited_events: [{ reason: "ratelimit_backoff", category: "span", quantity: 7 }],
      }),
    ).toBe("Client report: 5 items dropped by the SDK: 4 events (queue full), 1 transaction (network error); 7 spans rate-limited, reason: rate-limit back-off");
  });

  it("ignores entries of the wrong shape and says when nothing was dropped", () => {
    expect(describeClientReport({ discarded_events: [{ reason: "x", category: "error", quantity: -3 }, { reason: 1, category: "error", quantity: 2 }, null, "junk"] })).toBe("Client report: nothing dropped");
    expect(describeClientReport({ discarded_events: "nope" })).toBe("Client report: nothing dropped");
  });

  it("keeps unknown codes readable and cuts a long list", () => {
    const entries = Array.from({ length: 8 }, (_, index) => ({ reason: `odd_reason_${index}`, category: "weird_category", quantity: 8 - index }));
    expect(describeClientReport({ discarded_events: entries })).toBe(
      "Client report: 36 “weird_category” items dropped by the SDK: 8 “weird_category” items (odd reason 0), 7 “weird_category” items (odd reason 1), 6 “weird_category” items (odd reason 2), 5 “weird_category” items (odd reason 3), 4 “weird_category” items (odd reason 4), and 3 more",
    );
  });
});

describe("describeSessionUpdate and describeSessionAggregates", () => {
  it("reads the real @sentry/node session update: ended with one error", () => {
    expect(describeSessionUpdate(fixturePayload("node-session.envelope"))).toBe("Session update: ended (1 error)");
  });

  it("says how a session started, crashed or ended", () => {
    expect(describeSessionUpdate({ init: true, status: "ok", errors: 0 })).toBe("Session update: started");
    expect(describeSessionUpdate({ init: false, status: "ok", errors: 2 })).toBe("Session update (2 errors)");
    expect(describeSessionUpdate({ status: "crashed" })).toBe("Session update: crashed");
    expect(describeSessionUpdate({ status: "abnormal" })).toBe("Session update: ended abnormally");
  });

  it("counts aggregated sessions and how they ended", () => {
    expect(describeSessionAggregates({ aggregates: [{ started: "2026-11-29T00:00:00Z", exited: 10, errored: 2 }, { exited: 1, crashed: 1 }, "junk"] })).toBe(
      "Session aggregates: 14 sessions (1 crashed, 2 errored)",
    );
    expect(describeSessionAggregates({})).toBe("Session aggregates: 0 sessions");
  });

  it("describes only the item types it knows more about", () => {
    expect(describeItem("session", { init: true, status: "ok" })).toBe("Session update: started");
    expect(describeItem("transaction", { transaction: "GET /" })).toBeNull();
  });
});
