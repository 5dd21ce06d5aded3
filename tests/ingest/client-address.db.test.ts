import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { requestFrom } from "../support/request-from";
import { eventEnvelope, eventRows, inflateEvent } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * The address ingest records for an envelope (intake.client_ip) and puts in `user.ip_address: "{{auto}}"`,
 * over real HTTP to the plain server's ingest: X-Forwarded-For read as proxy-addr reads it, so what a client
 * writes into the header before its proxy's hop is never taken. The test's connections play the hosts:
 * 127.0.0.1 is the proxy, 127.0.0.2 a client that reaches Lantern directly.
 */
describe(`the client address of ingested events on ${testDialect}`, () => {
  let database: TestDatabase;
  let server: IngestServer | undefined;
  let shop: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop", platform: "javascript" });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await database.destroy();
  });

  it.each([
    { case: "no proxy configured: the socket, whatever X-Forwarded-For says", trusted: "", from: "127.0.0.1", forwardedFor: "198.51.100.7", expected: "127.0.0.1" },
    { case: "one trusted proxy: the hop it appended, not the client's own entry", trusted: "127.0.0.1", from: "127.0.0.1", forwardedFor: "1.1.1.1, 198.51.100.7", expected: "198.51.100.7" },
    { case: "a client reaching Lantern past the proxy: its socket", trusted: "127.0.0.1", from: "127.0.0.2", forwardedFor: "1.1.1.1, 198.51.100.7", expected: "127.0.0.2" },
    { case: "two trusted proxies in CIDR ranges, an IPv6 client", trusted: "127.0.0.0/30, 10.0.0.0/8", from: "127.0.0.2", forwardedFor: "1.1.1.1, 2001:DB8::7, 10.1.2.3", expected: "2001:db8::7" },
    { case: "an IPv4-mapped hop", trusted: "127.0.0.1", from: "127.0.0.1", forwardedFor: "1.1.1.1, ::ffff:198.51.100.7", expected: "198.51.100.7" },
    { case: "a proxy that wrote garbage: the proxy", trusted: "127.0.0.1", from: "127.0.0.1", forwardedFor: "198.51.100.7, unknown", expected: "127.0.0.1" },
  ])("$case", async ({ trusted, from, forwardedFor, expected }) => {
    server = await startIngestServer(database, { LANTERN_TRUSTED_PROXIES: trusted }, { isDigesting: false });
    const { eventId, body } = eventEnvelope({ platform: "javascript", user: { id: "u-1", ip_address: "{{auto}}" } });
    const answer = await requestFrom({
      url: `${server.url}/api/${shop.project.id}/envelope/?sentry_version=7&sentry_key=${shop.key.public_key}`,
      localAddress: from,
      headers: { "content-type": "application/x-sentry-envelope", "x-forwarded-for": forwardedFor },
      body,
    });
    expect(answer).toEqual({ status: 200, body: JSON.stringify({ id: eventId }) });

    const intake = await database.db.selectFrom("intake").select("client_ip").where("project_id", "=", shop.project.id).execute();
    expect(intake).toEqual([{ client_ip: expected }]);
    await server.service.digest.drain();
    const [event] = await eventRows(database.db, shop.project.id);
    expect(inflateEvent(event!.payload).user).toEqual({ id: "u-1", ip_address: expected });
  });
});
