import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildEnvelope, newEventId, postToIngest } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { digestBatch } from "../digest/digest-batch";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { pruneStoredItems } from "./stored-items-prune";

const dayMs = 86_400_000;

/**
 * What SDKs send besides errors, one envelope: a transaction and a span (which digest stores as spans, with their
 * own retention: spans/prune-spans.ts), a log (stored as a log line, logs/prune-logs.ts), a profile and a
 * profile chunk (kept as stored items). Replays are rows of their own (replays/prune-replays.ts). Check-ins are rows of their monitors now (monitors/prune-check-ins.ts).
 */
function otherItems(): Buffer {
  const now = Date.now() / 1000;
  const traceId = newEventId();
  return buildEnvelope({ event_id: newEventId(), sent_at: new Date().toISOString() }, [
    { header: { type: "transaction" }, payload: JSON.stringify({ event_id: newEventId(), type: "transaction", transaction: "GET /cart", start_timestamp: now - 1, timestamp: now, contexts: { trace: { trace_id: traceId, span_id: "a".repeat(16) } } }) },
    { header: { type: "span" }, payload: JSON.stringify({ trace_id: traceId, span_id: "b".repeat(16), start_timestamp: now - 1, timestamp: now, description: "select cart" }) },
    { header: { type: "log", item_count: 1, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items: [{ timestamp: now, level: "info", body: "cart loaded", trace_id: traceId }] }) },
    { header: { type: "profile" }, payload: JSON.stringify({ event_id: newEventId(), platform: "node", version: "1", timestamp: new Date().toISOString(), profile: { samples: [], stacks: [], frames: [] } }) },
    { header: { type: "profile_chunk" }, payload: JSON.stringify({ chunk_id: newEventId(), profiler_id: newEventId(), platform: "node", version: "2", profile: { samples: [], stacks: [], frames: [] } }) },
  ]);
}

describe(`stored items' retention on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let blog: CreatedProject;
  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database, {}, { isDigesting: false });
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    blog = await insertProject(database.db, { name: "Blog", platform: "node" });
    // The shop keeps 7 days; the blog the instance's default (90 in this test).
    await database.db.updateTable("projects").set({ retention_days: 7 }).where("id", "=", shop.project.id).execute();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  async function sendItems(project: CreatedProject, ageDays: number): Promise<void> {
    const response = await postToIngest(server, project.project.id, otherItems(), { key: project.key.public_key });
    expect(response.status, await response.text()).toBe(200);
    while ((await digestBatch(database)) > 0);
    const newest = await database.db.selectFrom("stored_items").select((eb) => eb.fn.max("intake_id").as("intake_id")).executeTakeFirstOrThrow();
    await database.db.updateTable("stored_items").set({ received_at: Date.now() - ageDays * dayMs }).where("intake_id", "=", Number(newest.intake_id)).execute();
  }

  const itemsOf = async (project: CreatedProject) =>
    (await database.db.selectFrom("stored_items").select(["type", "received_at"]).where("project_id", "=", project.project.id).orderBy("received_at").orderBy("type").execute()).map((row) => `${row.type}@${Math.round((Date.now() - Number(row.received_at)) / dayMs)}d`);

  it("deletes profiles and profile chunks older than the project's retention, else the instance's", async () => {
    await sendItems(shop, 10);
    await sendItems(shop, 3);
    await sendItems(blog, 100);
    await sendItems(blog, 10);
    expect(await itemsOf(shop)).toEqual(["profile@10d", "profile_chunk@10d", "profile@3d", "profile_chunk@3d"]);

    expect(await pruneStoredItems(database, { days: 90 })).toBe(4);
    expect(await itemsOf(shop)).toEqual(["profile@3d", "profile_chunk@3d"]);
    expect(await itemsOf(blog)).toEqual(["profile@10d", "profile_chunk@10d"]);
    expect(await pruneStoredItems(database, { days: 90 })).toBe(0);
  });

  it("deletes in batches of a thousand until none past retention is left", async () => {
    await sendItems(shop, 1);
    const template = await database.db.selectFrom("stored_items").selectAll().where("project_id", "=", shop.project.id).executeTakeFirstOrThrow();
    const old = Array.from({ length: 2_500 }, (_, index) => ({ project_id: shop.project.id, intake_id: 1_000_000 + index, item_index: 0, type: "span", event_id: null, received_at: Date.now() - 30 * dayMs, payload: template.payload }));
    for (let start = 0; start < old.length; start += 500) await database.db.insertInto("stored_items").values(old.slice(start, start + 500)).execute();

    expect(await pruneStoredItems(database, { days: 90 })).toBe(2_500);
    expect(await itemsOf(shop)).toHaveLength(2);
  });
});
