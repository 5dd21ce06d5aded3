import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as Sentry from "@sentry/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepIngestOutOfDiagnostics } from "./keep-ingest-out-of-diagnostics";

describe("keepIngestOutOfDiagnostics", () => {
  let server: Server;
  let origin: string;
  const scopeSeenBy = new Map<string, unknown>();

  beforeAll(async () => {
    // The real SDK, as Lantern's server runs it; nothing is captured, so nothing is sent to the closed port.
    Sentry.init({ dsn: "http://0123456789abcdef0123456789abcdef@127.0.0.1:9/1", tracesSampleRate: 0 });
    keepIngestOutOfDiagnostics();
    server = createServer((request, response) => {
      scopeSeenBy.set(request.url ?? "", Sentry.getIsolationScope());
      response.end("ok");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await Sentry.close();
  });

  it("leaves SDK requests to the ingest paths unwrapped, and wraps every other request as before", async () => {
    const paths = ["/api/1/envelope/", "/api/1/store", "/monitoring", "/monitoring?o=1", "/projects", "/api/0/projects/", "/api/health"];
    for (const path of paths) await (await fetch(`${origin}${path}`, { method: path.startsWith("/api/1") || path.startsWith("/monitoring") ? "POST" : "GET" })).text();
    const outsideAnyRequest = Sentry.getIsolationScope();
    for (const path of paths.slice(0, 4)) expect(scopeSeenBy.get(path), path).toBe(outsideAnyRequest);
    // The control: the SDK does wrap this server's other requests, each in an isolation scope of its own.
    for (const path of paths.slice(4)) expect(scopeSeenBy.get(path), path).not.toBe(outsideAnyRequest);
  });
});
