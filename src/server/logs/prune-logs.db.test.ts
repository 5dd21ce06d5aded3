import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildEnvelope } from "../../../tests/support/sdk-helpers";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { emptyLogSearch, parseLogQuery } from "./parse-log-search";
import { pruneLogs, pruneLogsToDiskBudget } from "./prune-logs";
import { searchLogs } from "./search-logs";

const dayMs = 86_400_000;
const receivedAt = Date.parse("2026-11-22T16:03:33Z");

describe(`log retention and the disk budget on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "web" })).project.id;
    // Ten lines stamped two days apart (the oldest 18 days before the envelope arrived), and an error.
    const items = Array.from({ length: 10 }, (_, index) => ({ timestamp: (receivedAt - (18 - 2 * index) * dayMs) / 1000, trace_id: "5b8efff798038103d269b633813fc60c", level: "info", body: `nightly export ${index}` }));
    const body = buildEnvelope({}, [{ header: { type: "log", item_count: items.length, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
    await storeEnvelope(database.db, projectId, body, { eventId: null, itemTypes: ["log"], summary: null, sdkName: null }, receivedAt);
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
  });
  afterEach(() => database.destroy());

  const count = async (table: "logs" | "log_payloads" | "events") => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  const indexed = async () => (testDialect === "sqlite" ? Number((await sql<{ n: number }>`select count(*) as n from logs_fts where logs_fts match 'nightly'`.execute(database.db)).rows[0]!.n) : await count("logs"));

  it("deletes lines stamped before LANTERN_LOG_RETENTION_DAYS with their search tokens, then their payload", async () => {
    expect(await count("logs")).toBe(10);
    // Seven days back from the envelope: the lines of 0, 2, 4 and 6 days ago stay.
    expect(await pruneLogs(database, 7, receivedAt)).toBe(6);
    expect(await count("logs")).toBe(4);
    expect(await indexed()).toBe(4);
    expect(await count("log_payloads")).toBe(1);
    const found = await searchLogs(systemContext(database, createTestConfig()), { ...emptyLogSearch(receivedAt), window: { startUs: (receivedAt - 30 * dayMs) * 1000, endUs: (receivedAt + 1) * 1000 }, conditions: parseLogQuery("nightly") });
    expect(found.rows.map((row) => row.message)).toEqual(["nightly export 9", "nightly export 8", "nightly export 7", "nightly export 6"]);
    expect(await pruneLogs(database, 7, receivedAt + 8 * dayMs)).toBe(4);
    expect(await count("log_payloads")).toBe(0);
    expect(await indexed()).toBe(0);
    expect(await count("events")).toBe(1);
  });

  it("over the disk budget deletes log lines before any event, and nothing under it", async () => {
    expect(await pruneLogsToDiskBudget(database, null)).toBe(0);
    expect(await pruneLogsToDiskBudget(database, 1024 ** 4)).toBe(0);
    expect(await pruneLogsToDiskBudget(database, 1)).toBe(10);
    expect(await count("logs")).toBe(0);
    expect(await indexed()).toBe(0);
    expect(await count("events")).toBe(1);
  });
});
