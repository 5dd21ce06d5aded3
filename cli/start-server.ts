import { createServer, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import next from "next";
import type { LanternConfig } from "../src/server/config";
import { setClientHeaders } from "../src/server/access/set-client-headers";
import { contentSecurityPolicy, createCspNonce, securityHeaders } from "../src/server/http/security-headers";
import { getIngestService } from "../src/server/ingest/ingest-service";
import { WriteGate } from "../src/server/db/write-gate";
import { keepIngestOutOfDiagnostics } from "../src/server/monitoring/keep-ingest-out-of-diagnostics";
import { scheduleBackups } from "../src/server/backup/schedule-backups";
import { JobLease } from "../src/server/instance/job-lease";
import { spawnBackupProcess } from "./backup-command";
import { DigestThread } from "./digest-thread";
import { matchIngestEndpoint, serveNodeIngest } from "../src/server/ingest/serve-node-ingest";
import { startupMessage } from "./startup-message";

/** Serves the production build of `next build` on a plain Node server: ingest paths directly, the rest through Next. */
export async function startServer(config: LanternConfig, { hasOwner }: { hasOwner: boolean }): Promise<void> {
  // After a full collection V8 lets the old generation grow up to 4x before the next one; under ingest load
  // (which promotes request garbage steadily) the main thread then grew from about 90 to 160 MB without
  // collecting. Growing by a tenth keeps the peak about 70 MB lower, for a full collection every few
  // seconds at full load (every 15 to 45 s at 1,000 events/s). V8 reads the flag at each collection, so
  // setting it here works (for the digest thread too); docs/performance.md has the measurements.
  setFlagsFromString("--heap-growing-percent=10");
  const dir = fileURLToPath(new URL("..", import.meta.url));
  // Created first, so that Next's own route handlers (same process) find and share it.
  const writeGate = WriteGate.create("ingest");
  const ingest = await getIngestService({ writeGate, createDigester: (onDigested) => new DigestThread(config.database, config.retention, onDigested, writeGate, config.storage.diskBudgetBytes, config.sourceMaps.cacheBytes, config.sourceMaps, config.instances.leaseMs, config.digest.workers) });
  keepIngestOutOfDiagnostics();
  // Serve with the configuration `next build` resolved, the way Next's own standalone server does: loading
  // next.config.ts again would bring Next's SWC compiler and Sentry's build plugins into this process only
  // to compute the same object (about 40 MB of memory; docs/performance.md).
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(JSON.parse(readFileSync(join(dir, ".next/required-server-files.json"), "utf8")).config);
  const app = next({ dev: false, dir, hostname: config.host, port: config.port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const headers = Object.entries(securityHeaders(config.publicUrl));
  const formActionOrigins = config.auth.oidc ? [new URL(config.auth.oidc.issuer).origin] : [];
  // The ingest paths skip Next's request handling: it costs more per request than the whole ingest
  // (see docs/performance.md). Everything else is Next's.
  const server = createServer((request, response) => {
    const endpoint = matchIngestEndpoint(request.url ?? "/");
    if (endpoint) void serveNodeIngest(ingest, endpoint, request, response);
    else {
      for (const [name, value] of headers) response.setHeader(name, value);
      // A new nonce per response, on the request too: Next puts the nonce it finds in the request's
      // policy on its own scripts, and the layout and _document read it for theirs (never the client's).
      const policy = contentSecurityPolicy({ nonce: createCspNonce(), formActionOrigins });
      request.headers["content-security-policy"] = policy;
      delete request.headers["content-security-policy-report-only"];
      setHeaderUnlessSetByNext(response, "Content-Security-Policy", policy);
      setClientHeaders(request, config.trustedProxies);
      void handle(request, response);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, resolve);
  });
  console.log(startupMessage({ publicUrl: config.publicUrl, host: config.host, port: config.port, dialect: config.database.dialect, hasOwner }));
  // With several instances on one database, the one holding the "backups" lease takes them.
  const backupLease = config.backup.directory ? new JobLease(ingest.database, "backups", config.instances.leaseMs) : undefined;
  backupLease?.start();
  const backups = config.backup.directory
    ? scheduleBackups({ ...config.backup, directory: config.backup.directory }, config.database.dialect, spawnBackupProcess, Date.now, { isHeld: () => backupLease!.isHeld, retryMs: config.instances.leaseMs / 3 })
    : undefined;
  // Finish the requests in flight (each ingest commits before it answers), then exit; never wait forever.
  const stop = () => {
    backups?.stop();
    server.close(() => void Promise.all([ingest.digest.stop(), ingest.alerts.stop(), ingest.logAlerts.stop(), ingest.monitors.stop(), ingest.uptime.stop(), backupLease?.stop()]).finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/**
 * Sets a header when the response head is written, unless Next set it: a route handler's own policy (the
 * downloads' `default-src 'none'; sandbox`) is kept, since Next never replaces a header already present.
 */
function setHeaderUnlessSetByNext(response: ServerResponse, name: string, value: string): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!this.hasHeader(name)) this.setHeader(name, value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
