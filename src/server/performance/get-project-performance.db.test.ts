import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { pruneSpansToDiskBudget } from "../spans/prune-spans";
import { getProjectPerformance } from "./get-project-performance";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/envelopes/${name}`, import.meta.url)));
const facts = { eventId: null, itemTypes: ["transaction"], summary: null, sdkName: null };
/** After both recorded fixtures: the browser page load (2026-11-22) and the Python request (2026-11-29 08:02). */
const now = Date.parse("2026-11-29T10:00:00Z");

describe(`a project's performance on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "shop" })).project.id;
    await storeEnvelope(database.db, projectId, fixture("browser-nextjs-pageload.envelope"), facts);
    await storeEnvelope(database.db, projectId, fixture("python-transaction.envelope"), facts);
    await digestBatch(database);
  });
  afterEach(() => database.destroy());

  it("summarizes transactions, web vitals, queries and outgoing requests of the period from the stored spans", async () => {
    const context = systemContext(database, createTestConfig());
    const week = await getProjectPerformance(context, projectId, { period: "14d", now });
    expect(week.transactions.map((row) => [row.name, row.op, row.count, row.failureRate])).toEqual([
      ["/projects", "pageload", 1, 0],
      ["GET /orders/<id>", "http.server", 1, 0],
    ]);
    const orders = week.transactions.find((row) => row.op === "http.server")!;
    expect(orders.p50).toBeGreaterThan(72);
    expect(orders.p95).toBe(orders.p50);
    expect(week.vitals).toEqual([{ page: "/projects", vitals: [expect.objectContaining({ vital: "lcp", p75: 168, rating: "good" }), expect.objectContaining({ vital: "fcp", p75: 168, rating: "good" }), expect.objectContaining({ vital: "ttfb", rating: "good" })] }]);
    expect(week.queries).toEqual([expect.objectContaining({ label: "SELECT total FROM orders WHERE id = ?", count: 6 })]);
    expect(week.queries[0]!.totalMs).toBeGreaterThan(72);
    expect(week.requests.map((row) => row.label)).toContain("127.0.0.1:3100");

    // The hour before `now` holds neither; a search narrows the transactions.
    const hour = await getProjectPerformance(context, projectId, { period: "1h", now });
    expect([hour.transactions, hour.vitals, hour.queries]).toEqual([[], [], []]);
    expect((await getProjectPerformance(context, projectId, { period: "14d", now, search: "ORDERS" })).transactions.map((row) => row.name)).toEqual(["GET /orders/<id>"]);
    expect(week.droppedByClients).toEqual([]);
    expect(week.budgetPrune).toBeNull();
  });

  it("says when the SDKs dropped transactions (client reports) and when the disk budget deleted spans", async () => {
    const context = systemContext(database, createTestConfig());
    const report = { timestamp: now / 1000 - 60, discarded_events: [{ reason: "ratelimit_backoff", category: "transaction", quantity: 7 }, { reason: "sample_rate", category: "span", quantity: 3 }, { reason: "before_send", category: "error", quantity: 2 }] };
    await storeEnvelope(database.db, projectId, new TextEncoder().encode(`{}\n{"type":"client_report"}\n${JSON.stringify(report)}`), { ...facts, itemTypes: ["client_report"] });
    await digestBatch(database);
    await pruneSpansToDiskBudget(database, 1);
    const hour = await getProjectPerformance(context, projectId, { period: "1h", now: Date.now() });
    expect(hour.budgetPrune).toMatchObject({ deleted: 34 });
    const atReport = await getProjectPerformance(context, projectId, { period: "1h", now });
    expect(atReport.droppedByClients).toEqual([{ reason: "ratelimit_backoff", quantity: 7 }, { reason: "sample_rate", quantity: 3 }]);
  });
});
