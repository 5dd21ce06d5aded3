import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventEnvelope, postToIngest, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { storeEnvelope } from "../../../tests/support/store-envelope";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { digestBatch } from "../digest/digest-batch";
import { getReceivedEnvelope } from "../intake/get-received-envelope";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { listReceivedEnvelopes } from "../intake/list-received-envelopes";
import { decodeRawBody } from "../intake/raw-body";
import { deleteIssues } from "../issues/delete-issues";
import { deleteProject } from "../projects/delete-project";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { pruneRawEnvelopes } from "./raw-prune-envelopes";

const hourMs = 3_600_000;

/**
 * Raw envelopes as a short-lived buffer (issue 17): stored compressed (the SDK's own gzip kept as sent),
 * read back by digest whatever their encoding, deleted once digested and older than
 * LANTERN_RAW_RETENTION_HOURS (at 0, by digest itself), shown in Received only within that window,
 * scrubbed, and never once their issue or project is deleted. Sent over HTTP to the real ingest server.
 */
describe(`raw envelope storage and retention on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let context: AccessContext;
  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, createTestConfig({ LANTERN_RAW_RETENTION_HOURS: "2" }));
  });
  afterEach(async () => {
    await server?.close();
    await database.destroy();
  });

  async function send(event: Record<string, unknown> = {}, options: { gzip?: Buffer } = {}): Promise<{ eventId: string; body: Buffer }> {
    const envelope = eventEnvelope(event);
    const wire = options.gzip ?? envelope.body;
    const response = await postToIngest(server, shop.project.id, wire, { key: shop.key.public_key, headers: options.gzip ? { "content-encoding": "gzip" } : {} });
    expect(response.status, await response.text()).toBe(200);
    return envelope;
  }

  const stored = () => selectIntakeWithBodies(database.db).select(["intake.id", "intake.event_id", "intake.received_at", "intake.digested_at", "intake.body_bytes", "intake_bodies.body", "intake_bodies.encoding"]).orderBy("intake.id").execute();
  const count = async (table: "intake" | "intake_bodies" | "events") => Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  describe("stored compressed", () => {
    beforeEach(async () => {
      server = await startIngestServer(database, {}, { isDigesting: false });
    });

    it("keeps a gzip request body as the SDK sent it, and digests it", async () => {
      const plain = eventEnvelope({ message: "checkout failed", extra: { cart: "x".repeat(2000) } });
      const sent = gzipSync(plain.body, { level: 9 });
      const response = await postToIngest(server, shop.project.id, sent, { key: shop.key.public_key, headers: { "content-encoding": "gzip" } });
      expect(response.status).toBe(200);

      const [row] = await stored();
      expect(row).toMatchObject({ event_id: plain.eventId, encoding: "gzip", body_bytes: plain.body.length });
      expect(Buffer.from(row!.body).equals(sent)).toBe(true);
      expect(await digestBatch(database)).toBe(1);
      const event = await database.db.selectFrom("events").select(["title", "intake_id"]).where("event_id", "=", plain.eventId).executeTakeFirstOrThrow();
      expect(event).toEqual({ title: "checkout failed", intake_id: row!.id });
    });

    it("compresses a plain body at ingest, so it takes a fraction of its size", async () => {
      const { eventId, body } = await send({ message: "checkout failed", breadcrumbs: Array.from({ length: 30 }, (_, index) => ({ category: "console", message: `cart updated: ${index} items` })) });
      const [row] = await stored();
      expect(row).toMatchObject({ event_id: eventId, encoding: "br", body_bytes: body.length });
      expect(row!.body.length).toBeLessThan(body.length / 3);
      expect(Buffer.from(decodeRawBody(row!)).equals(body)).toBe(true);
    });

    it("still digests a body stored plain, before bodies were compressed", async () => {
      const { eventId, body } = eventEnvelope({ message: "written by an older Lantern" });
      await storeEnvelope(database.db, shop.project.id, body, { eventId, itemTypes: ["event"], summary: null, sdkName: null });
      expect((await stored())[0]).toMatchObject({ encoding: "identity" });
      expect(await digestBatch(database)).toBe(1);
      const event = await database.db.selectFrom("events").select("title").where("event_id", "=", eventId).executeTakeFirstOrThrow();
      expect(event.title).toBe("written by an older Lantern");
    });

    it("records an envelope whose stored body cannot be decoded as that envelope's problem, and digests the others", async () => {
      const broken = eventEnvelope({ message: "damaged" });
      const brokenId = await storeEnvelope(database.db, shop.project.id, broken.body, { eventId: broken.eventId, itemTypes: ["event"], summary: null, sdkName: null });
      await database.db.updateTable("intake_bodies").set({ encoding: "gzip" }).where("intake_id", "=", brokenId).execute();
      const { eventId } = await send({ message: "fine" });
      expect(await digestBatch(database)).toBe(2);
      const intake = await database.db.selectFrom("intake").select(["id", "digest_error"]).orderBy("id").execute();
      expect(intake[0]!.digest_error).toMatch(/could not be decompressed/);
      expect(intake[1]!.digest_error).toBeNull();
      expect(await database.db.selectFrom("events").select("event_id").execute()).toEqual([{ event_id: eventId }]);
    });

    it("rewrites a body that held secrets compressed, without them", async () => {
      const secret = uniqueToken("hunter");
      await send({ message: "login failed", extra: { password: secret } });
      await digestBatch(database);
      const [row] = await stored();
      expect(row!.encoding).toBe("br");
      const text = Buffer.from(decodeRawBody(row!)).toString("utf8");
      expect(text).toContain("login failed");
      expect(text).not.toContain(secret);
      expect(row!.body_bytes).toBe(Buffer.byteLength(text));
    });
  });

  describe("retention", () => {
    beforeEach(async () => {
      server = await startIngestServer(database, {}, { isDigesting: false });
    });

    it("deletes digested envelopes past the window, body and row, and keeps younger ones and those still waiting", async () => {
      await send({ message: "old, digested" });
      await send({ message: "young, digested" });
      await digestBatch(database);
      await send({ message: "old, waiting" });
      const [old, young, waiting] = await stored();
      await database.db.updateTable("intake").set({ received_at: Date.now() - 3 * hourMs }).where("id", "in", [old!.id, waiting!.id]).execute();

      expect(await pruneRawEnvelopes(database, { rawHours: 2 })).toBe(1);
      expect((await stored()).map((row) => row.id)).toEqual([young!.id, waiting!.id]);
      expect(await count("intake")).toBe(2);
      // What digest made of the deleted envelope stays.
      expect(await count("events")).toBeGreaterThanOrEqual(1);

      // Once its window has passed too, the young one goes; the waiting one never does.
      expect(await pruneRawEnvelopes(database, { rawHours: 2 }, Date.now() + 3 * hourMs)).toBe(1);
      expect((await stored()).map((row) => row.id)).toEqual([waiting!.id]);
    });

    it("leaves no raw body once digest and the window have passed, in batches of a thousand", async () => {
      const rows = Array.from({ length: 2_345 }, (_, index) => eventEnvelope({ message: `bulk ${index}` }));
      for (const { eventId, body } of rows) await storeEnvelope(database.db, shop.project.id, body, { eventId, itemTypes: ["event"], summary: null, sdkName: null }, Date.now() - 5 * hourMs);
      while ((await digestBatch(database, 500)) > 0);
      expect(await pruneRawEnvelopes(database, { rawHours: 2 })).toBe(2_345);
      expect(await count("intake_bodies")).toBe(0);
      expect(await count("intake")).toBe(0);
      expect(await count("events")).toBe(2_345);
    });

    it("keeps nothing raw after digest at 0 hours: the digest transaction deletes it", async () => {
      await send({ message: "gone after digest" });
      await send({ message: "gone too" }, { gzip: gzipSync(eventEnvelope({ message: "gone too" }).body) });
      expect(await count("intake_bodies")).toBe(2);
      expect(await digestBatch(database, 200, { rawHours: 0 })).toBe(2);
      expect(await count("intake_bodies")).toBe(0);
      expect(await count("intake")).toBe(0);
      expect(await count("events")).toBe(2);
    });
  });

  it("keeps nothing raw after the digest worker has run with LANTERN_RAW_RETENTION_HOURS=0", async () => {
    server = await startIngestServer(database, { LANTERN_RAW_RETENTION_HOURS: "0" }, { isDigesting: true });
    const { eventId } = await send({ message: "digested by the worker" });
    await server.service.digest.drain();
    expect(await database.db.selectFrom("events").select("event_id").execute()).toEqual([{ event_id: eventId }]);
    expect(await count("intake_bodies")).toBe(0);
    expect(await count("intake")).toBe(0);
  });

  describe("the Received view", () => {
    beforeEach(async () => {
      server = await startIngestServer(database, {}, { isDigesting: false });
    });

    it("shows an envelope only within the window (or while it waits for digest)", async () => {
      const old = await send({ message: "received three hours ago" });
      const young = await send({ message: "received now" });
      const [oldRow, youngRow] = await stored();
      await database.db.updateTable("intake").set({ received_at: Date.now() - 3 * hourMs }).where("id", "=", oldRow!.id).execute();

      // Waiting for digest: both are shown, whatever their age.
      expect((await listReceivedEnvelopes(context, shop.project.id)).map((row) => row.eventId)).toEqual([young.eventId, old.eventId]);
      await digestBatch(database);
      expect((await listReceivedEnvelopes(context, shop.project.id)).map((row) => row.eventId)).toEqual([young.eventId]);
      await expect(getReceivedEnvelope(context, shop.project.id, oldRow!.id)).rejects.toMatchObject({ code: "not_found" });
      const shown = await getReceivedEnvelope(context, shop.project.id, youngRow!.id);
      expect(shown).toMatchObject({ previousId: null, nextId: null });
      expect(shown!.text).toContain("received now");

      // At 0 hours the window is empty once digest has run.
      const none = systemContext(database, createTestConfig({ LANTERN_RAW_RETENTION_HOURS: "0" }));
      expect(await listReceivedEnvelopes(none, shop.project.id)).toEqual([]);
      expect(await getReceivedEnvelope(none, shop.project.id)).toBeNull();
    });

    it("scrubs a compressed envelope before showing it, before digest and after, under the project's settings of now", async () => {
      const password = uniqueToken("hunter");
      const token = uniqueToken("tok");
      const plain = eventEnvelope({ message: "login failed", extra: { password }, request: { url: `https://shop.example.com/login?password=${password}&next=/cart`, query_string: `password=${password}` } });
      const response = await postToIngest(server, shop.project.id, gzipSync(plain.body), { key: shop.key.public_key, headers: { "content-encoding": "gzip" } });
      expect(response.status).toBe(200);
      await send({ message: "order lookup", extra: { orderref: token } });
      expect((await stored()).map((row) => row.encoding)).toEqual(["gzip", "br"]);

      const before = await getReceivedEnvelope(context, shop.project.id, (await stored())[0]!.id);
      expect(before!.text).toContain("login failed");
      expect(before!.text).not.toContain(password);
      await digestBatch(database);
      const after = await getReceivedEnvelope(context, shop.project.id, (await stored())[0]!.id);
      expect(after!.text).toContain("login failed");
      expect(after!.text).not.toContain(password);

      // A key added to the project's scrubbing after digest is filtered from what is shown too.
      expect((await getReceivedEnvelope(context, shop.project.id))!.text).toContain(token);
      await database.db.updateTable("projects").set({ scrub_extra_keys: "orderref" }).where("id", "=", shop.project.id).execute();
      expect((await getReceivedEnvelope(context, shop.project.id))!.text).not.toContain(token);
    });

    it("shows nothing of a deleted issue's envelopes, which are deleted with it", async () => {
      const kept = await send({ message: "kept issue" });
      await send({ message: "deleted issue" });
      await send({ message: "deleted issue" });
      await digestBatch(database);
      const doomed = await database.db.selectFrom("issues").select("id").where("title", "=", "deleted issue").executeTakeFirstOrThrow();
      const doomedIntake = (await stored()).slice(1).map((row) => row.id);

      await deleteIssues(context, { issueIds: [doomed.id] });
      expect((await listReceivedEnvelopes(context, shop.project.id)).map((row) => row.eventId)).toEqual([kept.eventId]);
      for (const id of doomedIntake) await expect(getReceivedEnvelope(context, shop.project.id, id)).rejects.toMatchObject({ code: "not_found" });
      expect(await count("intake_bodies")).toBe(1);
    });

    it("shows nothing of a deleted project, whose envelopes are deleted with it", async () => {
      await send({ message: "in a deleted project" });
      await digestBatch(database);
      await send({ message: "still waiting" });
      await deleteProject(context, { projectId: shop.project.id, confirmSlug: shop.project.slug });
      expect(await count("intake")).toBe(0);
      expect(await count("intake_bodies")).toBe(0);
    });
  });
});
