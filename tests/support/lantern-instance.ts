/**
 * One Lantern instance as a process of its own, for the tests of several instances on one PostgreSQL
 * database (tests/instances/*.pg.test.ts): the ingest half of `lantern start` — the same plain Node server,
 * ingest handler, digest worker (in this process; its housekeeping behind the "housekeeping" lease) and
 * alert sender — plus Sentry's key API (`/api/0/projects/{org}/{project}/keys/{key_id}/`) through the same
 * route handlers Next serves, so a test changes a key's limit over HTTP. Next itself needs a production
 * build, which the unit-test run does not have. Configured by the environment like `lantern start`
 * (DATABASE_URL, LANTERN_LEASE_SECONDS, …); listens on a random loopback port and prints one JSON line,
 * {"port": …, "pid": …}, once it serves. Run with `node --import tsx`.
 */
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { getKeyRoute, updateKeyRoute } from "@/server/api/routes/key-routes";
import { getConfig } from "@/server/config";
import { createDatabase, type LanternDatabase } from "@/server/db/create-database";
import { createIngestService } from "@/server/ingest/ingest-service";
import { matchIngestEndpoint, serveNodeIngest } from "@/server/ingest/serve-node-ingest";

const config = getConfig();
const database = createDatabase(config.database);
// The route handlers read the process's database (db/get-database.ts): this one.
(globalThis as typeof globalThis & { lanternDatabase?: Promise<LanternDatabase> }).lanternDatabase = Promise.resolve(database);
const service = await createIngestService(database, config);
const keyPath = /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/keys\/([^/]+)\/$/;

const server = createServer((request, response) => {
  const endpoint = matchIngestEndpoint(request.url ?? "/");
  if (endpoint) return void serveNodeIngest(service, endpoint, request, response);
  const match = keyPath.exec(new URL(request.url ?? "/", "http://lantern.internal").pathname);
  const route = request.method === "GET" ? getKeyRoute : request.method === "PUT" ? updateKeyRoute : null;
  if (!match || !route) return void response.writeHead(404).end();
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const headers = new Headers(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])));
    const body = request.method === "GET" ? undefined : Buffer.concat(chunks);
    const params = { organizationSlug: match[1]!, projectSlug: match[2]!, keyId: match[3]! };
    void route(new Request(`${config.publicUrl}${request.url}`, { method: request.method, headers, body }), { params: Promise.resolve(params) }).then(async (answer) => {
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      response.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
console.log(JSON.stringify({ port: (server.address() as AddressInfo).port, pid: process.pid }));

process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void Promise.all([service.digest.stop(), service.alerts.stop()]).finally(() => process.exit(0));
});
