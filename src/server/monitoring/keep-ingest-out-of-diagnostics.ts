import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import { matchIngestEndpoint } from "../ingest/serve-node-ingest";

/**
 * How the Sentry SDK (`@sentry/core`, pinned in the lockfile) marks a request its server instrumentation has
 * already wrapped; a request that carries the mark passes through untouched. `keep-ingest-out-of-diagnostics.test.ts`
 * fails should an upgrade change that.
 */
const wrappedBySentry = Symbol.for("sentry_http_server_instrumented");
let isSubscribed = false;

/**
 * Keeps SDK ingest requests out of Lantern's own SDK. Its server instrumentation wraps every request an
 * http server receives: a cloned isolation scope, an OpenTelemetry context, copies of the headers, a
 * captured body and a request session. On ingest that cost a quarter of the throughput and grew the heap
 * by about 250 MB under load (docs/performance.md), to watch requests that are never traced anyway. Node
 * announces each request on the `http.server.request.start` channel before emitting it, so marking it
 * there is early enough.
 */
export function keepIngestOutOfDiagnostics(): void {
  if (isSubscribed) return;
  isSubscribed = true;
  subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage & { [wrappedBySentry]?: boolean } };
    if (matchIngestEndpoint(request.url ?? "/")) request[wrappedBySentry] = true;
  });
}
