import { deflateSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { buildEnvelope, eventEnvelope, eventRows, inflateEvent, newEventId, postToIngest, uniqueToken } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * The legacy `POST /api/{id}/store/` (sentry-protocol §1.2, §2.5): one JSON event, or base64 of
 * zlib-deflated JSON, authenticated by X-Sentry-Auth as old Raven clients do; digested like the event
 * of an envelope.
 */

type Json = Record<string, unknown>;

describe(`the legacy store endpoint over HTTP on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let shop: CreatedProject;
  let token: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database);
    shop = await insertProject(database.db, { name: "Shop", platform: "python" });
    token = uniqueToken();
  });
  afterEach(async () => {
    await server.close();
    await database.destroy();
  });

  /** The header raven-python sends: key and (long deprecated) secret, version 7, a timestamp. */
  function ravenAuth(project: CreatedProject): Record<string, string> {
    return { "x-sentry-auth": `Sentry sentry_version=7, sentry_client=raven-python/6.10.0, sentry_timestamp=${Math.floor(Date.now() / 1000)}, sentry_key=${project.key.public_key}, sentry_secret=2d9e6e4f1c0b4a3f8e7d6c5b4a392817` };
  }

  function ravenEvent(eventId = newEventId()): Json {
    return {
      event_id: eventId,
      timestamp: new Date().toISOString().replace("Z", ""),
      platform: "python",
      level: "error",
      logger: "shop.checkout",
      release: `shop@${token}`,
      environment: "production",
      server_name: "web-1",
      message: `Payment gateway timed out for ${token}`,
      exception: {
        values: [
          {
            type: "TimeoutError",
            value: `gateway ${token} did not answer`,
            module: "shop.gateway",
            stacktrace: { frames: [{ filename: "shop/gateway.py", abs_path: "/srv/shop/gateway.py", function: "charge", module: "shop.gateway", lineno: 88, in_app: true }] },
          },
        ],
      },
      tags: { "payment.provider": "acme" },
      user: { id: `customer-${token}`, email: "grace@example.com" },
      extra: { attempt: 3 },
      sdk: { name: "raven-python", version: "6.10.0" },
    };
  }

  function postStore(project: CreatedProject, body: Buffer, headers: Record<string, string>, path = `/api/${project.project.id}/store/`): Promise<Response> {
    return postToIngest(server, project.project.id, body, { path, headers });
  }

  async function onlyEvent(project: CreatedProject) {
    const rows = await eventRows(database.db, project.project.id);
    expect(rows).toHaveLength(1);
    return { row: rows[0]!, payload: inflateEvent(rows[0]!.payload) };
  }

  it("accepts a JSON event with X-Sentry-Auth, answers its id, and digests it", async () => {
    const event = ravenEvent();
    const response = await postStore(shop, Buffer.from(JSON.stringify(event)), { ...ravenAuth(shop), "content-type": "application/json" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({ id: event.event_id });

    await server.service.digest.drain();
    const { row, payload } = await onlyEvent(shop);
    expect(row).toMatchObject({
      event_id: event.event_id,
      type: "error",
      title: `TimeoutError: gateway ${token} did not answer`,
      level: "error",
      platform: "python",
      release: `shop@${token}`,
      environment: "production",
      user_key: `id:customer-${token}`,
    });
    expect(payload).toMatchObject({ logger: "shop.checkout", logentry: { formatted: event.message }, user: event.user, extra: event.extra });
    expect(payload.tags).toEqual(expect.arrayContaining([["payment.provider", "acme"], ["server_name", "web-1"]]));
    const frames = (payload.exception as { values: { stacktrace: { frames: Json[] } }[] }).values[0]!.stacktrace.frames;
    expect(frames).toEqual([expect.objectContaining({ filename: "shop/gateway.py", function: "charge", lineno: 88 })]);
  });

  it("accepts base64 of zlib-deflated JSON, as old Raven clients compress it, and digests the same event", async () => {
    const event = ravenEvent();
    const body = Buffer.from(deflateSync(Buffer.from(JSON.stringify(event))).toString("base64"));
    expect(body[0]).not.toBe(0x7b);
    const response = await postStore(shop, body, { ...ravenAuth(shop), "content-type": "application/octet-stream" });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ id: event.event_id });

    await server.service.digest.drain();
    const { row, payload } = await onlyEvent(shop);
    expect(row).toMatchObject({ event_id: event.event_id, title: `TimeoutError: gateway ${token} did not answer`, release: `shop@${token}` });
    expect(payload).toMatchObject({ user: event.user, extra: event.extra });
  });

  it("answers 400 \"empty event data\" to an empty body and stores nothing", async () => {
    const response = await postStore(shop, Buffer.alloc(0), ravenAuth(shop));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: "empty event data" });
    expect(response.headers.get("x-sentry-error")).toBe("empty event data");
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);

    const event = ravenEvent();
    expect((await postStore(shop, Buffer.from(JSON.stringify(event)), ravenAuth(shop))).status).toBe(200);
  });

  it("answers 400 to a body that is neither JSON nor base64 of deflated JSON, and 413 to an event over the event limit", async () => {
    const garbage = await postStore(shop, Buffer.from("bm90IGRlZmxhdGVk"), ravenAuth(shop));
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { detail: string }).detail).toMatch(/neither JSON nor base64 of deflated JSON/);

    const invalid = await postStore(shop, Buffer.from('{"message": "unterminated'), ravenAuth(shop));
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { detail: string }).detail).toMatch(/not valid JSON/);

    const huge = await postStore(shop, Buffer.from(JSON.stringify({ ...ravenEvent(), extra: { blob: "x".repeat(1024 * 1024) } })), ravenAuth(shop));
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { detail: string }).detail).toMatch(/the limit is 1048576/);
    expect(await database.db.selectFrom("intake").select("id").execute()).toEqual([]);
  });

  it("answers 401 to a store request without any authorization", async () => {
    const response = await postStore(shop, Buffer.from(JSON.stringify(ravenEvent())), { "content-type": "application/json" });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/missing authorization/);
  });

  it("digests a stored event exactly as the same event sent in an envelope", async () => {
    const billing = await insertProject(database.db, { name: "Billing", platform: "python" });
    const event = ravenEvent();
    expect((await postStore(shop, Buffer.from(JSON.stringify(event)), ravenAuth(shop), `/api/${shop.project.id}/store`)).status).toBe(200);
    const envelope = buildEnvelope({ event_id: event.event_id }, [{ header: { type: "event" }, payload: JSON.stringify(event) }]);
    expect((await postToIngest(server, billing.project.id, envelope, { key: billing.key.public_key })).status).toBe(200);
    await server.service.digest.drain();

    const viaStore = await onlyEvent(shop);
    const viaEnvelope = await onlyEvent(billing);
    const columns = (row: typeof viaStore.row) => ({ ...row, id: 0, project_id: 0, intake_id: 0, received_at: 0, payload: null, issue_id: 0 });
    expect(columns(viaStore.row)).toEqual(columns(viaEnvelope.row));
    const withoutReceived = ({ received, ...payload }: Json) => {
      expect(typeof received).toBe("number");
      return payload;
    };
    expect(withoutReceived(viaStore.payload)).toEqual(withoutReceived(viaEnvelope.payload));
    // The envelope ingest path still works beside the store path.
    const next = eventEnvelope();
    expect((await postToIngest(server, shop.project.id, next.body, { key: shop.key.public_key })).status).toBe(200);
  });
});
