import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digestBatch } from "../digest/digest-batch";
import { insertProject } from "../projects/insert-project";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { pruneSpans, pruneSpansToDiskBudget } from "./prune-spans";

const pageload = () => new Uint8Array(readFileSync(new URL("../../../tests/fixtures/envelopes/browser-nextjs-pageload.envelope", import.meta.url)));
const facts = { eventId: null, itemTypes: ["transaction"], summary: null, sdkName: null };
/** The fixture page load started 2026-11-22 16:03 UTC; it was received then too. */
const receivedAt = Date.parse("2026-11-22T16:03:33Z");
const dayMs = 86_400_000;

describe(`span retention and the disk budget on ${testDialect}`, () => {
  let database: TestDatabase;
  let projectId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    projectId = (await insertProject(database.db, { name: "web" })).project.id;
    await storeEnvelope(database.db, projectId, pageload(), facts, receivedAt);
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope");
    await digestBatch(database);
  });
  afterEach(() => database.destroy());

  const count = async (table: "spans" | "span_payloads" | "events" | "web_vitals") => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("keeps spans younger than the retention and deletes older ones with their payloads", async () => {
    expect(await count("spans")).toBe(25);
    expect(await pruneSpans(database, 14, receivedAt + 13 * dayMs)).toBe(0);
    expect(await count("span_payloads")).toBe(1);
    // The page load reported TTFB, FCP and LCP.
    expect(await count("web_vitals")).toBe(3);
    expect(await pruneSpans(database, 14, receivedAt + 15 * dayMs)).toBe(25);
    expect(await count("spans")).toBe(0);
    expect(await count("span_payloads")).toBe(0);
    expect(await count("web_vitals")).toBe(0);
    expect(await count("events")).toBe(1);
  });

  it("over the disk budget deletes spans before any event, and nothing under it", async () => {
    expect(await pruneSpansToDiskBudget(database, null)).toBe(0);
    expect(await pruneSpansToDiskBudget(database, 1024 ** 4)).toBe(0);
    expect(await count("spans")).toBe(25);
    expect(await pruneSpansToDiskBudget(database, 1)).toBe(25);
    expect(await count("spans")).toBe(0);
    expect(await count("events")).toBe(1);
  });
});
