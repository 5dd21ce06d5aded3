import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { readTraceSpans } from "@/server/spans/read-trace-spans";
import { buildEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/** Acceptance 5 of issue 28 over HTTP: hostile span items get a clear 4xx or are clamped, never a crash or half a store. */
const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
const container = "application/vnd.sentry.items.span.v2+json";
const now = Date.now() / 1000;
const span = (index: number, extra: Record<string, unknown> = {}) => ({ trace_id: traceId, span_id: (index + 1).toString(16).padStart(16, "0"), name: `span ${index}`, status: "ok", start_timestamp: now - 2, end_timestamp: now - 1, ...extra });

describe(`hostile span items on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  const send = (items: unknown[], itemCount: number = items.length) =>
    postToIngest(server, shop.project.id, buildEnvelope({}, [{ header: { type: "span", item_count: itemCount, content_type: container }, payload: JSON.stringify({ items }) }]), { key: shop.key.public_key });
  const intakeErrors = async () => (await database.db.selectFrom("intake").select("digest_error").orderBy("id").execute()).map((row) => row.digest_error);

  it("refuses a container of 1,001 spans with 413 and a reason, and stores a container of 1,000", async () => {
    const refused = await send(Array.from({ length: 1001 }, (_, index) => span(index)));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/holds 1001 spans; a span container holds at most 1000/);
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);

    expect((await send(Array.from({ length: 1000 }, (_, index) => span(index)))).status).toBe(200);
    await server.service.digest.drain();
    expect(await readTraceSpans(database.db, traceId, [shop.project.id])).toHaveLength(1000);
  });

  it("keeps the good spans of a container, clamps an end before the start, drops bad ids naming why, and stores markup as text", async () => {
    const response = await send([
      span(0, { name: "<script>alert(1)</script>" }),
      span(1, { start_timestamp: now - 1, end_timestamp: now - 5 }),
      span(2, { span_id: "not-an-id" }),
      span(3, { trace_id: "x".repeat(32) }),
      "not a span",
    ]);
    expect(response.status).toBe(200);
    await server.service.digest.drain();
    const spans = await readTraceSpans(database.db, traceId, [shop.project.id]);
    expect(spans.map((stored) => [stored.description, stored.durationUs])).toEqual([
      ["<script>alert(1)</script>", 1_000_000],
      ["span 1", 0],
    ]);
    expect(await intakeErrors()).toEqual([expect.stringMatching(/^item 1 \(span\): 3 spans dropped \(span 3: trace_id must be 32 and span_id 16 hex digits; span 4: .*; span 5: not an object\)$/)]);
  });

  it("stores nothing of a container whose item_count disagrees with its spans, and says so", async () => {
    expect((await send([span(0), span(1)], 5)).status).toBe(200);
    await server.service.digest.drain();
    expect(await readTraceSpans(database.db, traceId, [shop.project.id])).toEqual([]);
    expect(await intakeErrors()).toEqual(["item 1 (span): item_count 5 does not match the 2 spans in the container"]);
  });

  it("answers 400 to a transaction that is not JSON and refuses one without trace context at digest", async () => {
    const notJson = await postToIngest(server, shop.project.id, buildEnvelope({}, [{ header: { type: "transaction" }, payload: "{nope" }]), { key: shop.key.public_key });
    expect(notJson.status).toBe(400);
    const noContext = buildEnvelope({}, [{ header: { type: "transaction" }, payload: JSON.stringify({ type: "transaction", transaction: "GET /", start_timestamp: now - 1, timestamp: now }) }]);
    expect((await postToIngest(server, shop.project.id, noContext, { key: shop.key.public_key })).status).toBe(200);
    await server.service.digest.drain();
    expect(await intakeErrors()).toEqual(["item 1 (transaction): a transaction needs contexts.trace"]);
    expect(await database.db.selectFrom("spans").select("span_id").execute()).toEqual([]);
  });
});
