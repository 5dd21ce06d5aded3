import { createBrotliCompress, createGzip, constants as zlibConstants } from "node:zlib";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import { parseEnvelope } from "@/server/ingest/parse-envelope";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { deleteProject } from "@/server/projects/delete-project";
import { buildEnvelope, compressZeros, eventEnvelope, eventRows, newEventId, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";
import { selectIntakeWithBodies } from "@/server/intake/intake-writer";
import { decodeRawBody } from "@/server/intake/raw-body";

/**
 * What the production ingest server refuses, over HTTP with fetch, and how: the status, Relay's
 * `{"detail"}` body and X-Sentry-Error naming the problem, nothing stored, and the server still
 * accepting the next valid envelope.
 */

const MiB = 1024 * 1024;
const rateLimitsOfKeyQuota = /^\d+:default;error:key:key_quota$/;

describe(`ingest rejections over HTTP on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  const servers: IngestServer[] = [];

  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await database.destroy();
  });

  async function start(environment: Record<string, string> = {}, options: { isDigesting?: boolean } = {}): Promise<IngestServer> {
    const server = await startIngestServer(database, environment, options);
    servers.push(server);
    return server;
  }

  async function intakeCount(): Promise<number> {
    const row = await database.db.selectFrom("intake").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function expectRefused(response: Response, status: number, detail: RegExp): Promise<void> {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    expect(response.headers.get("content-type")).toContain("application/json");
    const json = JSON.parse(text) as { detail: string };
    expect(Object.keys(json)).toEqual(["detail"]);
    expect(json.detail).toMatch(detail);
    expect(response.headers.get("x-sentry-error")).toBe(json.detail);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  }

  /** After a refusal the server is unharmed: a valid envelope (with `key`, of `project`) gets 200 and is committed. */
  async function expectStillAccepting(server: IngestServer, project: CreatedProject = shop): Promise<void> {
    const before = await intakeCount();
    const { eventId, body } = eventEnvelope();
    const response = await postToIngest(server, project.project.id, body, { key: project.key.public_key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: eventId });
    expect(await intakeCount()).toBe(before + 1);
  }

  describe("authentication", () => {
    it("answers 401 missing authorization when the request carries no key at all", async () => {
      const server = await start();
      await expectRefused(await postToIngest(server, shop.project.id, eventEnvelope().body), 401, /missing authorization information/);
      expect(await intakeCount()).toBe(0);
      await expectStillAccepting(server);
    });

    it("answers 401 when the key comes from two sources that disagree (X-Sentry-Auth and the query)", async () => {
      const server = await start();
      const other = await insertProject(database.db, { name: "Other", platform: "node" });
      const response = await postToIngest(server, shop.project.id, eventEnvelope().body, {
        key: shop.key.public_key,
        headers: { "x-sentry-auth": `Sentry sentry_version=7, sentry_key=${other.key.public_key}, sentry_client=raven-node/2.6.4` },
      });
      await expectRefused(response, 401, /multiple authorization payloads/);
      await expectStillAccepting(server);
    });

    it("answers 403 for a well-formed key this instance does not know", async () => {
      const server = await start();
      await expectRefused(await postToIngest(server, shop.project.id, eventEnvelope().body, { key: "0123456789abcdef0123456789abcdef" }), 403, /unknown or disabled public key/);
      expect(await intakeCount()).toBe(0);
      await expectStillAccepting(server);
    });

    it("answers 403 for a disabled key once a fresh server reads the keys (keys are cached)", async () => {
      const first = await start();
      await expectStillAccepting(first);
      await database.db.updateTable("project_keys").set({ is_active: 0 }).where("id", "=", shop.key.id).execute();
      await first.close();
      servers.splice(servers.indexOf(first), 1);

      const server = await start();
      const before = await intakeCount();
      await expectRefused(await postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key }), 403, /unknown or disabled public key/);
      expect(await intakeCount()).toBe(before);
      await expectStillAccepting(server, await insertProject(database.db, { name: "Billing", platform: "node" }));
    });

    it("answers 403 for a project deleted while its key is still cached, and keeps accepting other projects' envelopes sent at the same moment", async () => {
      const server = await start();
      const billing = await insertProject(database.db, { name: "Billing", platform: "node" });
      await expectStillAccepting(server);
      await deleteProject(systemContext(database, createTestConfig()), { projectId: shop.project.id, confirmSlug: shop.project.slug });
      const [deleted, other] = await Promise.all([
        postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key }),
        postToIngest(server, billing.project.id, eventEnvelope().body, { key: billing.key.public_key }),
      ]);
      expect(other.status).toBe(200);
      await expectRefused(deleted, 403, /Project does not exist/);
      await expectStillAccepting(server, billing);
    });

    it("answers 400 when the envelope header's dsn names another project than the URL", async () => {
      const server = await start();
      const other = await insertProject(database.db, { name: "Other", platform: "node" });
      const eventId = newEventId();
      const body = buildEnvelope({ event_id: eventId, dsn: `http://${shop.key.public_key}@127.0.0.1:${server.port}/${other.project.id}` }, [{ header: { type: "event" }, payload: JSON.stringify({ event_id: eventId, message: "x" }) }]);
      await expectRefused(await postToIngest(server, shop.project.id, body), 400, new RegExp(`dsn names project ${other.project.id}, not project ${shop.project.id}`));
      expect(await intakeCount()).toBe(0);
      await expectStillAccepting(server);
    });

    it("answers 400 when the key belongs to another project than the URL names", async () => {
      const server = await start();
      const other = await insertProject(database.db, { name: "Other", platform: "node" });
      await expectRefused(await postToIngest(server, other.project.id, eventEnvelope().body, { key: shop.key.public_key }), 400, new RegExp(`does not belong to project ${other.project.id}`));
      expect(await intakeCount()).toBe(0);
      await expectStillAccepting(server);
    });

    it("answers 400 when the envelope header's dsn carries another key than the query", async () => {
      const server = await start();
      const other = await insertProject(database.db, { name: "Other", platform: "node" });
      const body = buildEnvelope({ dsn: `http://${other.key.public_key}@127.0.0.1:${server.port}/${shop.project.id}` }, [{ header: { type: "event" }, payload: JSON.stringify({ message: "x" }) }]);
      await expectRefused(await postToIngest(server, shop.project.id, body, { key: shop.key.public_key }), 400, /dsn does not match the request's sentry_key/);
      await expectStillAccepting(server);
    });
  });

  describe("malformed envelopes", () => {
    const cases: { name: string; body: () => Buffer; detail: RegExp }[] = [
      { name: "an envelope header that is not JSON", body: () => Buffer.from('{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc",\n{"type":"event"}\n{}'), detail: /the envelope header is not valid UTF-8 JSON/ },
      { name: "an envelope header that is a JSON array", body: () => Buffer.from('["not","an","object"]\n{"type":"event"}\n{}'), detail: /the envelope header is not a JSON object/ },
      { name: "an item header without a type", body: () => Buffer.from('{}\n{"length":2}\n{}'), detail: /item 1 header has no "type"/ },
      {
        name: "an item whose length runs past the end of the body",
        body: () => Buffer.concat([Buffer.from('{}\n{"type":"attachment","filename":"log.txt","length":100}\n'), Buffer.alloc(40, 0x61)]),
        detail: /item 1 declares 100 bytes but only 40 remain/,
      },
      { name: "an event item that is not valid JSON", body: () => Buffer.from('{}\n{"type":"event"}\n{"message": "unterminated'), detail: /item 1 \(event\) is not valid JSON/ },
      { name: "an event item that is JSON but not an object", body: () => Buffer.from('{}\n{"type":"event"}\n[1,2,3]'), detail: /item 1 \(event\) is not a JSON object/ },
    ];
    for (const { name, body, detail } of cases) {
      it(`answers 400 naming the problem for ${name}, storing nothing`, async () => {
        const server = await start();
        await expectRefused(await postToIngest(server, shop.project.id, body(), { key: shop.key.public_key }), 400, detail);
        expect(await intakeCount()).toBe(0);
        await expectStillAccepting(server);
      });
    }
  });

  describe("size limits", () => {
    it("answers 413 for an event item over the default 1 MiB", async () => {
      const server = await start();
      const { body } = eventEnvelope({ extra: { blob: "x".repeat(MiB) } });
      await expectRefused(await postToIngest(server, shop.project.id, body, { key: shop.key.public_key }), 413, /item 1 \(event\) is \d+ bytes; the limit is 1048576/);
      expect(await intakeCount()).toBe(0);
      await expectStillAccepting(server);
    });

    it("answers 413 above a smaller LANTERN_INGEST_MAX_EVENT_BYTES and accepts events below it", async () => {
      const server = await start({ LANTERN_INGEST_MAX_EVENT_BYTES: "4096" });
      const small = eventEnvelope({ extra: { blob: "x".repeat(3000) } });
      expect((await postToIngest(server, shop.project.id, small.body, { key: shop.key.public_key })).status).toBe(200);
      const large = eventEnvelope({ extra: { blob: "x".repeat(5000) } });
      await expectRefused(await postToIngest(server, shop.project.id, large.body, { key: shop.key.public_key }), 413, /item 1 \(event\) is \d+ bytes; the limit is 4096/);
      expect(await intakeCount()).toBe(1);
      await expectStillAccepting(server);
    });

    const bombs = [
      { encoding: "gzip", build: () => compressZeros(createGzip({ level: 9 }), 1024 * MiB) },
      { encoding: "br", build: () => compressZeros(createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }), 1024 * MiB) },
    ];

    /**
     * Posts a bomb and measures this process (the server is in it): RSS before and after, as asked of the
     * server, and the peak of Buffer memory sampled while it answers — RSS alone can hide growth when an
     * earlier test left freed heap behind for this one to reuse.
     */
    async function postBomb(server: IngestServer, bomb: Buffer, encoding: string) {
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakBuffers = before.arrayBuffers;
      const sample = () => {
        const now = process.memoryUsage();
        peakRss = Math.max(peakRss, now.rss);
        peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
      };
      const sampler = setInterval(sample, 5);
      try {
        const response = await postToIngest(server, shop.project.id, bomb, { key: shop.key.public_key, headers: { "content-encoding": encoding } });
        await expectRefused(response, 413, /the decompressed envelope is larger than the limit/);
      } finally {
        clearInterval(sampler);
      }
      sample();
      return {
        rssGrowthMb: Math.round((process.memoryUsage().rss - before.rss) / MiB),
        peakRssGrowthMb: Math.round((peakRss - before.rss) / MiB),
        peakBufferGrowthMb: Math.round((peakBuffers - before.arrayBuffers) / MiB),
      };
    }

    for (const { encoding, build } of bombs) {
      it(`answers 413 to a ${encoding} bomb (1 GiB of zeros) once the inflated bytes pass LANTERN_INGEST_MAX_ENVELOPE_BYTES, never inflating it all`, async () => {
        const server = await start({ LANTERN_INGEST_MAX_ENVELOPE_BYTES: String(16 * MiB) });
        const bomb = await build();
        expect(bomb.length).toBeLessThan(2 * MiB);
        const growth = await postBomb(server, bomb, encoding);
        expect(growth.peakBufferGrowthMb, JSON.stringify(growth)).toBeLessThan(64);
        expect(growth.peakRssGrowthMb, JSON.stringify(growth)).toBeLessThan(100);
        expect(await intakeCount()).toBe(0);
        await expectStillAccepting(server);
      });

      it(`answers 413 to a ${encoding} bomb (1 GiB of zeros) under the default limits without the server's memory growing by 100 MB`, async () => {
        const server = await start();
        const bomb = await build();
        const growth = await postBomb(server, bomb, encoding);
        expect(growth.peakBufferGrowthMb, `Buffer memory while answering, MB: ${JSON.stringify(growth)}`).toBeLessThan(100);
        expect(growth.peakRssGrowthMb, `RSS while answering, MB: ${JSON.stringify(growth)}`).toBeLessThan(100);
        expect(growth.rssGrowthMb, `RSS after the answer, MB: ${JSON.stringify(growth)}`).toBeLessThan(100);
        expect(await intakeCount()).toBe(0);
        await expectStillAccepting(server);
      });
    }
  });

  describe("rate limits", () => {
    /** Fixed windows start on whole minutes; start the requests of a test well inside one. */
    async function awayFromWindowEdge(windowSeconds: number): Promise<void> {
      const intoWindow = Date.now() % (windowSeconds * 1000);
      if (intoWindow > windowSeconds * 1000 - 5000) await new Promise((resolve) => setTimeout(resolve, windowSeconds * 1000 - intoWindow + 100));
    }

    it("answers 429 with Retry-After and X-Sentry-Rate-Limits once a key has used its per-key limit", async () => {
      await database.db.updateTable("project_keys").set({ rate_limit_count: 2, rate_limit_window_seconds: 60 }).where("id", "=", shop.key.id).execute();
      const server = await start();
      await awayFromWindowEdge(60);
      for (let attempt = 1; attempt <= 2; attempt++) {
        expect((await postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key })).status).toBe(200);
      }
      const response = await postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key });
      await expectRefused(response, 429, /rate limit/);
      const limits = response.headers.get("x-sentry-rate-limits") ?? "";
      expect(limits).toMatch(rateLimitsOfKeyQuota);
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(limits.split(":")[0]).toBe(String(retryAfter));
      expect(response.headers.get("access-control-expose-headers")).toMatch(/x-sentry-rate-limits/);
      expect(await intakeCount()).toBe(2);
      // Other keys are not limited by this key's quota.
      await expectStillAccepting(server, await insertProject(database.db, { name: "Billing", platform: "node" }));
    });

    it("answers 200 naming the limited categories when only the errors of an envelope are limited, and keeps the rest", async () => {
      await database.db.updateTable("project_keys").set({ rate_limit_count: 1, rate_limit_window_seconds: 60 }).where("id", "=", shop.key.id).execute();
      const server = await start();
      await awayFromWindowEdge(60);
      const first = eventEnvelope();
      const accepted = await postToIngest(server, shop.project.id, first.body, { key: shop.key.public_key });
      expect(accepted.status).toBe(200);
      expect(accepted.headers.get("x-sentry-rate-limits")).toBeNull();

      const eventId = newEventId();
      const transactionId = newEventId();
      const now = Date.now() / 1000;
      const body = buildEnvelope({ event_id: eventId, sent_at: new Date().toISOString() }, [
        { header: { type: "event" }, payload: JSON.stringify({ event_id: eventId, message: "limited error", level: "error", timestamp: now }) },
        {
          header: { type: "transaction" },
          payload: JSON.stringify({ event_id: transactionId, type: "transaction", transaction: "GET /cart", start_timestamp: now - 1, timestamp: now, contexts: { trace: { trace_id: newEventId(), span_id: "aa08618e7f90f42e", op: "http.server" } } }),
        },
      ]);
      const response = await postToIngest(server, shop.project.id, body, { key: shop.key.public_key });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-sentry-rate-limits")).toMatch(rateLimitsOfKeyQuota);

      const stored = await selectIntakeWithBodies(database.db).select(["id", "item_types", "body", "encoding", "body_bytes"]).orderBy("id", "desc").executeTakeFirstOrThrow();
      expect(stored.item_types).toBe("transaction");
      const items = parseEnvelope(decodeRawBody(stored)).items;
      expect(items.map((item) => item.header.type)).toEqual(["transaction"]);
      expect(JSON.parse(Buffer.from(items[0]!.payload).toString("utf8"))).toMatchObject({ event_id: transactionId, transaction: "GET /cart" });

      await server.service.digest.drain();
      expect((await eventRows(database.db, shop.project.id)).map((row) => row.event_id)).toEqual([first.eventId]);
      // The transaction is kept as its span (the segment), the error was not.
      const spans = await database.db.selectFrom("spans").innerJoin("span_strings", "span_strings.id", "spans.op_id").select(["span_strings.value as op", "spans.span_id"]).where("spans.project_id", "=", shop.project.id).execute();
      expect(spans.map((span) => [span.op, Buffer.from(span.span_id).toString("hex")])).toEqual([["http.server", "aa08618e7f90f42e"]]);
    });

    it("answers 429 with both headers while the digest backlog is at LANTERN_INGEST_MAX_BACKLOG, and 200 once it is digested", async () => {
      const server = await start({ LANTERN_INGEST_MAX_BACKLOG: "3", LANTERN_INGEST_BACKLOG_RETRY_AFTER: "7" }, { isDigesting: false });
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key })).status).toBe(200);
      }
      // The backlog is only a backlog while nothing digests it: the worker is off (isDigesting: false).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const waiting = await database.db.selectFrom("intake").select("digested_at").execute();
      expect(waiting, "envelopes digested although the digest worker is off").toEqual([{ digested_at: null }, { digested_at: null }, { digested_at: null }]);
      const response = await postToIngest(server, shop.project.id, eventEnvelope().body, { key: shop.key.public_key });
      await expectRefused(response, 429, /backlog/);
      expect(response.headers.get("retry-after")).toBe("7");
      expect(response.headers.get("x-sentry-rate-limits")).toMatch(/^7::organization(:[a-z_]+)?$/);
      expect(await intakeCount()).toBe(3);

      await server.service.digest.drain();
      expect(await eventRows(database.db, shop.project.id)).toHaveLength(3);
      await expectStillAccepting(server);
    });
  });

  describe("what is accepted", () => {
    it("answers 200 to an envelope with an unknown item type and digest ignores that item", async () => {
      const server = await start();
      const eventId = newEventId();
      const body = buildEnvelope({ event_id: eventId }, [
        { header: { type: "lantern_future_item", content_type: "application/octet-stream" }, payload: Buffer.from([0x00, 0x0a, 0xff, 0xfe]) },
        { header: { type: "event" }, payload: JSON.stringify({ event_id: eventId, message: "next to an unknown item" }) },
      ]);
      const response = await postToIngest(server, shop.project.id, body, { key: shop.key.public_key });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: eventId });

      await server.service.digest.drain();
      const intake = await database.db.selectFrom("intake").select(["item_types", "digested_at", "digest_error"]).executeTakeFirstOrThrow();
      expect(intake).toMatchObject({ item_types: "lantern_future_item,event", digest_error: null });
      expect(intake.digested_at).not.toBeNull();
      expect((await eventRows(database.db, shop.project.id)).map((row) => row.title)).toEqual(["next to an unknown item"]);
      expect(await database.db.selectFrom("stored_items").select("id").execute()).toEqual([]);
      expect(await database.db.selectFrom("attachments").select("id").execute()).toEqual([]);
    });

    it("answers an OPTIONS preflight with 204 and the CORS headers browsers need", async () => {
      const server = await start();
      const response = await postToIngest(server, shop.project.id, null, {
        method: "OPTIONS",
        headers: { origin: "https://shop.example.com", "access-control-request-method": "POST", "access-control-request-headers": "content-type, x-sentry-auth" },
      });
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
      const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(/,\s*/);
      expect(allowed).toEqual(expect.arrayContaining(["x-sentry-auth", "content-type", "content-encoding", "authorization"]));
      const exposed = (response.headers.get("access-control-expose-headers") ?? "").split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(["x-sentry-error", "x-sentry-rate-limits", "retry-after"]));
      expect(response.headers.get("access-control-max-age")).toBe("3600");
      expect(await intakeCount()).toBe(0);
    });

    it("accepts /api/{id}/envelope/, /api/{id}/envelope and //api/{id}//envelope/ alike, never redirecting", async () => {
      const server = await start();
      const paths = [`/api/${shop.project.id}/envelope/`, `/api/${shop.project.id}/envelope`, `//api/${shop.project.id}//envelope/`];
      for (const path of paths) {
        const { eventId, body } = eventEnvelope();
        const response = await postToIngest(server, shop.project.id, body, { key: shop.key.public_key, path });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("location"), path).toBeNull();
        expect(await response.json()).toEqual({ id: eventId });
      }
      const rows = await database.db.selectFrom("intake").select(["project_id"]).execute();
      expect(rows).toEqual(paths.map(() => ({ project_id: shop.project.id })));
    });
  });
});
