import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { testDialect } from "../../../tests/support/test-database";
import { createTwoTeamProjects, rejection, type TwoTeamProjects } from "../../../tests/support/two-team-projects";
import { digestBatch } from "../digest/digest-batch";
import { getProjectPerformance } from "./get-project-performance";
import { getTransactionSummary } from "./get-transaction-summary";

const minuteMs = 60_000;
const now = Date.parse("2026-11-29T12:30:00Z");
const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const facts = { eventId: null, itemTypes: ["transaction"], summary: null, sdkName: null };

/** A @sentry/node-shaped transaction: three db children of 2 ms and one 5 ms http.client child. */
function orderTransaction(index: number): Record<string, unknown> {
  const traceId = hex(16);
  const spanId = hex(8);
  const start = (now - 110 * minuteMs + index * 2 * minuteMs) / 1000;
  const durationMs = (index + 1) * 10;
  const child = (op: string, description: string, offsetMs: number, ms: number) => ({ trace_id: traceId, span_id: hex(8), parent_span_id: spanId, op, description, start_timestamp: start + offsetMs / 1000, timestamp: start + (offsetMs + ms) / 1000, status: "ok" });
  return {
    type: "transaction",
    event_id: hex(16),
    transaction: "GET /orders/:id",
    transaction_info: { source: "route" },
    release: index < 20 ? "shop@1.0.0" : "shop@2.0.0",
    environment: index < 30 ? "production" : "staging",
    user: { id: `customer-${index % 5}` },
    start_timestamp: start,
    timestamp: start + durationMs / 1000,
    contexts: { trace: { trace_id: traceId, span_id: spanId, op: "http.server", status: index % 10 === 3 ? "internal_error" : "ok" } },
    spans: [child("db", "SELECT * FROM orders WHERE id = 1", 1, 2), child("db", "SELECT * FROM items WHERE order_id = 1", 3, 2), child("db", "SELECT * FROM users WHERE id = 2", 5, 2), child("http.client", "GET https://payments.example/charge", 7, 5)],
  };
}

function envelopeOf(transaction: Record<string, unknown>): Uint8Array {
  return new TextEncoder().encode([JSON.stringify({ event_id: transaction.event_id }), JSON.stringify({ type: "transaction" }), JSON.stringify(transaction)].join("\n"));
}

/**
 * The transaction summary of forty @sentry/node-shaped requests (10–400 ms, two releases, four failed) sent
 * through digest, one of them twice as an SDK retry would: totals and percentiles from the hourly rollups,
 * the histogram, per-hour series, releases compared, the slowest traces, time by span op, the error issue
 * seen in the transaction, and a page load's web vitals over time.
 */
describe(`the transaction summary on ${testDialect}`, { timeout: 60_000 }, () => {
  let setup: TwoTeamProjects;
  const transactions = Array.from({ length: 40 }, (_, index) => orderTransaction(index));

  beforeAll(async () => {
    setup = await createTwoTeamProjects("summary");
    const { db } = setup.database;
    for (const transaction of transactions) await storeEnvelope(db, setup.shopId, envelopeOf(transaction), facts);
    await storeEnvelope(db, setup.shopId, envelopeOf(transactions[39]!), facts);
    const pageStart = (now - 30 * minuteMs) / 1000;
    const pageload = {
      type: "transaction",
      event_id: hex(16),
      transaction: "/checkout",
      start_timestamp: pageStart,
      timestamp: pageStart + 1.2,
      contexts: { trace: { trace_id: hex(16), span_id: hex(8), op: "pageload", status: "ok" } },
      measurements: { lcp: { value: 3100, unit: "millisecond" }, fcp: { value: 900, unit: "millisecond" }, cls: { value: 0.02, unit: "" } },
      spans: [],
    };
    await storeEnvelope(db, setup.shopId, envelopeOf(pageload), facts);
    await storeFixtureEvent(db, setup.shopId, "node-exception.envelope", (event) => {
      event.transaction = "GET /orders/:id";
      event.environment = "production";
      event.timestamp = (now - 5 * minuteMs) / 1000;
    });
    await digestBatch(setup.database);
  });
  afterAll(() => setup?.database.destroy());

  it("sums the transactions into rollups once each: count, failure rate and percentiles within the histogram's 4.5 %", async () => {
    const context = await setup.contextOf(setup.member);
    const summary = (await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "24h", now }))!;
    expect(summary).toMatchObject({ name: "GET /orders/:id", op: "http.server", count: 40, failureRate: 0.1, users: 5 });
    // Exact nearest-rank percentiles of 10, 20, …, 400 ms.
    for (const [p, exact] of [["p50", 200], ["p75", 300], ["p95", 380], ["p99", 400]] as const) expect(Math.abs(summary[p]! - exact) / exact, p).toBeLessThan(0.045);
    expect(summary.averageMs).toBe(205);
    expect(summary.histogram.reduce((sum, bar) => sum + bar.count, 0)).toBe(40);
    expect(summary.series.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(40);
    expect(summary.series.filter((bucket) => bucket.count > 0).length).toBeGreaterThanOrEqual(2);
    expect(summary.releases.map((row) => [row.release, row.count])).toEqual([
      ["shop@1.0.0", 20],
      ["shop@2.0.0", 20],
    ]);
    expect(summary.releases[1]!.p50!).toBeGreaterThan(summary.releases[0]!.p95!);

    // The list agrees with the summary.
    const list = await getProjectPerformance(context, setup.shopId, { period: "24h", now });
    expect(list.transactions.find((row) => row.name === "GET /orders/:id")).toMatchObject({ count: 40, failureRate: 0.1, p50: summary.p50, p95: summary.p95, users: 5 });
    expect(list.chart.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(41);
  });

  it("lists the slowest traces, the time by span op and the issue seen in the transaction", async () => {
    const context = await setup.contextOf(setup.member);
    const summary = (await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "24h", now }))!;
    const slowestTrace = (transactions[39]!.contexts as { trace: { trace_id: string; span_id: string } }).trace;
    expect(summary.slowest[0]).toMatchObject({ traceId: slowestTrace.trace_id, spanId: slowestTrace.span_id, durationMs: 400, release: "shop@2.0.0", status: "ok" });
    expect(summary.slowest.map((row) => row.durationMs)).toEqual([400, 390, 380, 370, 360, 350, 340, 330, 320, 310]);
    expect(summary.timeByOp).toEqual([
      { op: "db", count: 120, totalMs: 240, share: 240 / 440 },
      { op: "http.client", count: 40, totalMs: 200, share: 200 / 440 },
    ]);
    expect(summary.relatedIssues).toEqual([expect.objectContaining({ type: "error", timesSeen: 1, status: "unresolved" })]);
  });

  it("under the header's environment counts only that environment's transactions, traces and issues", async () => {
    const context = await setup.contextOf(setup.member);
    const staging = (await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "24h", now, environment: "staging" }))!;
    expect(staging).toMatchObject({ count: 10, failureRate: 0.1 });
    expect(staging.slowest.map((row) => row.durationMs)).toEqual([400, 390, 380, 370, 360, 350, 340, 330, 320, 310]);
    expect(staging.relatedIssues).toEqual([]);
    const production = (await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "24h", now, environment: "production" }))!;
    expect(production.count).toBe(30);
    expect(production.slowest[0]!.durationMs).toBe(300);
    expect(production.relatedIssues).toHaveLength(1);
    const nowhere = (await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "24h", now, environment: "nowhere" }))!;
    expect([nowhere.count, nowhere.slowest.length, nowhere.timeByOp.length]).toEqual([0, 0, 0]);
  });

  it("shows a page's web vitals over time with web.dev's ratings, and nothing for an unknown name or an outsider", async () => {
    const context = await setup.contextOf(setup.member);
    const page = (await getTransactionSummary(context, setup.shopId, "/checkout", { period: "24h", now }))!;
    expect(page.vitals.map((vital) => [vital.vital, vital.p75, vital.rating])).toEqual([
      ["lcp", 3100, "needs-improvement"],
      ["cls", 0.02, "good"],
      ["fcp", 900, "good"],
    ]);
    expect(page.vitals[0]!.series.filter((point) => point.p75 !== null)).toEqual([expect.objectContaining({ p75: 3100, rating: "needs-improvement" })]);
    expect(await getTransactionSummary(context, setup.shopId, "GET /nothing", { period: "24h", now })).toBeNull();
    expect((await rejection(getTransactionSummary(await setup.contextOf(setup.outsider), setup.shopId, "GET /orders/:id", { now }))).code).toBe("not_found");
    // An hour holding none of them.
    expect((await getTransactionSummary(context, setup.shopId, "GET /orders/:id", { period: "1h", now: now + 6 * 60 * minuteMs }))!.count).toBe(0);
  });
});
