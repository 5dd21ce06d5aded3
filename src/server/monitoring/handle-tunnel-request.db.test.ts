import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEventEnvelope, makeDsn, serializeEnvelope } from "@sentry/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { loadConfig, type LanternConfig } from "../config";
import { buildDsn } from "../projects/build-dsn";
import { ensureInternalProject, type InternalProjectKey } from "../projects/ensure-internal-project";
import { handleTunnelRequest } from "./handle-tunnel-request";
import { ingestServiceWith } from "../../../tests/support/test-ingest-service";
import { selectIntakeWithBodies } from "../intake/intake-writer";
import { decodeRawBody } from "../intake/raw-body";

const eventId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/** The envelope Lantern's own browser SDK posts to /monitoring: serialized by @sentry/core with `tunnel` set, so its header carries the DSN. */
function tunnelEnvelope(dsn: string): Uint8Array {
  const components = makeDsn(dsn);
  if (!components) throw new Error(`not a DSN: ${dsn}`);
  const envelope = createEventEnvelope(
    { event_id: eventId, platform: "javascript", exception: { values: [{ type: "TypeError", value: "x is not a function" }] } },
    components,
    { sdk: { name: "sentry.javascript.nextjs", version: "10.78.0" } },
    "/monitoring",
  );
  const serialized = serializeEnvelope(envelope);
  return typeof serialized === "string" ? new TextEncoder().encode(serialized) : serialized;
}

function tunnelRequest(body: Uint8Array, query = ""): Request {
  return new Request(`http://lantern.test/monitoring${query}`, { method: "POST", body: new Uint8Array(body), headers: { "content-type": "text/plain;charset=UTF-8" } });
}

describe(`handleTunnelRequest on ${testDialect}`, () => {
  let database: TestDatabase;
  let internal: InternalProjectKey;
  let internalDsn: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    internal = await ensureInternalProject(database.db);
    internalDsn = buildDsn(loadConfig({}).publicUrl, internal.publicKey, internal.projectId);
  });
  afterEach(() => database.destroy());

  const intake = () => selectIntakeWithBodies(database.db).select(["project_id", "event_id", "summary", "body_bytes", "body", "encoding"]).execute();

  describe("without an upstream DSN", () => {
    const config = () => loadConfig({});

    it("stores an envelope carrying the internal project's DSN in that project", async () => {
      const body = tunnelEnvelope(internalDsn);
      const response = await handleTunnelRequest(tunnelRequest(body), await ingestServiceWith(database, config()));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ id: eventId });
      const rows = await intake();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ project_id: internal.projectId, event_id: eventId, summary: "TypeError: x is not a function" });
      expect(Buffer.from(decodeRawBody(rows[0]!)).equals(Buffer.from(body))).toBe(true);
    });

    it("answers 403 for a DSN with an unknown key", async () => {
      const response = await handleTunnelRequest(tunnelRequest(tunnelEnvelope(`http://ffffffffffffffffffffffffffffffff@localhost:3000/${internal.projectId}`)), await ingestServiceWith(database, config()));
      expect(response.status).toBe(403);
      expect(await intake()).toEqual([]);
    });

    it("answers 400 for an envelope without a DSN", async () => {
      const response = await handleTunnelRequest(tunnelRequest(new TextEncoder().encode(`{"event_id":"${eventId}"}\n{"type":"event"}\n{}`)), await ingestServiceWith(database, config()));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toBe("the envelope header has no dsn");
      expect(await intake()).toEqual([]);
    });

    // The tunnel is same-origin and unauthenticated; a key in its query must not stand in for the envelope's DSN.
    it("ignores a key in the query string", async () => {
      const body = new TextEncoder().encode(`{"event_id":"${eventId}"}\n{"type":"event"}\n{}`);
      const response = await handleTunnelRequest(tunnelRequest(body, `?sentry_key=${internal.publicKey}&sentry_version=7`), await ingestServiceWith(database, config()));
      expect(response.status).toBe(400);
      expect(await intake()).toEqual([]);
    });

    it("answers 400 for a malformed envelope", async () => {
      const response = await handleTunnelRequest(tunnelRequest(new TextEncoder().encode("not an envelope")), await ingestServiceWith(database, config()));
      expect(response.status).toBe(400);
      expect(response.headers.get("x-sentry-error")).toContain("invalid envelope");
    });
  });

  describe("with an upstream DSN", () => {
    const upstreamKey = "abcdefabcdefabcdefabcdefabcdef12";
    let upstream: Server;
    let received: { method: string; url: string; contentType: string | undefined; body: Buffer }[];
    let upstreamDsn: string;
    let config: LanternConfig;

    beforeEach(async () => {
      received = [];
      upstream = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          received.push({ method: request.method ?? "", url: request.url ?? "", contentType: request.headers["content-type"], body: Buffer.concat(chunks) });
          // A status the tunnel could not make up, so passing it back is visible.
          response.writeHead(429, { "content-type": "application/json", "retry-after": "60", "x-sentry-rate-limits": "60:error:key" }).end('{"detail":"slow down"}');
        });
      });
      upstream.listen(0, "127.0.0.1");
      await once(upstream, "listening");
      const { port } = upstream.address() as AddressInfo;
      upstreamDsn = `http://${upstreamKey}@127.0.0.1:${port}/7`;
      config = loadConfig({ LANTERN_UPSTREAM_DSN: upstreamDsn });
    });
    afterEach(async () => {
      upstream.close();
      await once(upstream, "close");
    });

    it("forwards an envelope carrying exactly that DSN byte for byte, passes the upstream's status back and stores nothing", async () => {
      const body = tunnelEnvelope(upstreamDsn);
      const response = await handleTunnelRequest(tunnelRequest(body), await ingestServiceWith(database, config));
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ detail: "slow down" });
      expect(received).toHaveLength(1);
      expect(received[0]!.method).toBe("POST");
      expect(new URL(received[0]!.url, "http://upstream").pathname).toBe("/api/7/envelope/");
      expect(new URL(received[0]!.url, "http://upstream").searchParams.get("sentry_key")).toBe(upstreamKey);
      expect(received[0]!.body.equals(Buffer.from(body))).toBe(true);
      expect(await intake()).toEqual([]);
    });

    it("passes the upstream's rate-limit headers back, so the browser SDK backs off", async () => {
      const response = await handleTunnelRequest(tunnelRequest(tunnelEnvelope(upstreamDsn)), await ingestServiceWith(database, config));
      expect(response.headers.get("retry-after")).toBe("60");
      expect(response.headers.get("x-sentry-rate-limits")).toBe("60:error:key");
      expect(response.headers.get("access-control-expose-headers")).toContain("x-sentry-rate-limits");
    });

    it("keeps the upstream DSN's path prefix in the forwarding URL", async () => {
      const { port } = upstream.address() as AddressInfo;
      const prefixedDsn = `http://${upstreamKey}@127.0.0.1:${port}/errors/7`;
      const response = await handleTunnelRequest(tunnelRequest(tunnelEnvelope(prefixedDsn)), await ingestServiceWith(database, loadConfig({ LANTERN_UPSTREAM_DSN: prefixedDsn })));
      expect(response.status).toBe(429);
      expect(new URL(received[0]!.url, "http://upstream").pathname).toBe("/errors/api/7/envelope/");
    });

    // The SDK writes the DSN into the envelope without the deprecated secret (dsnToString), so an upstream DSN copied with one must still match.
    it("forwards the envelopes of an SDK given an upstream DSN that has a secret", async () => {
      const { port } = upstream.address() as AddressInfo;
      const dsnWithSecret = `http://${upstreamKey}:0123456789abcdef0123456789abcdef@127.0.0.1:${port}/7`;
      const body = tunnelEnvelope(dsnWithSecret);
      const response = await handleTunnelRequest(tunnelRequest(body), await ingestServiceWith(database, loadConfig({ LANTERN_UPSTREAM_DSN: dsnWithSecret })));
      expect(response.status).toBe(429);
      expect(received.map((request) => request.body.equals(Buffer.from(body)))).toEqual([true]);
      expect(await intake()).toEqual([]);
    });

    it("still stores an envelope carrying the internal project's DSN here, without forwarding it", async () => {
      const response = await handleTunnelRequest(tunnelRequest(tunnelEnvelope(internalDsn)), await ingestServiceWith(database, config));
      expect(response.status).toBe(200);
      expect(received).toEqual([]);
      expect((await intake()).map((row) => row.project_id)).toEqual([internal.projectId]);
    });
  });
});
