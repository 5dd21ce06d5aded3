import type { IncomingMessage, ServerResponse } from "node:http";
import { handleIngestRequest, type IngestEndpoint } from "./handle-ingest-request";
import type { IngestService } from "./ingest-service";

const ingestPath = /^\/+api\/+([^/?]+)\/+(envelope|store|security|csp-report|integration\/+otlp\/+v1\/+traces|integration\/+otlp\/+v1\/+logs|otlp\/+v1\/+traces)\/*(?:\?|$)|^\/+monitoring\/*(?:\?|$)/;
const endpointKinds = { envelope: "envelope", store: "store", security: "security", "csp-report": "security" } as const;

/** Sentry's HTTP check-in: `/api/{project}/cron/{slug}/{key}/` or without the key (telemetry-protocol §2.1; Sentry's OpenAPI spells it `crons`). */
const checkInPath = /^\/+api\/+([^/?]+)\/+crons?\/+([^/?]+)(?:\/+([^/?]+))?\/*(?:\?|$)/;

/** Which ingest endpoint a request path names, if any — with or without the trailing slash, duplicate slashes folded as Relay does. */
export function matchIngestEndpoint(url: string): IngestEndpoint | null {
  const checkIn = checkInPath.exec(url);
  if (checkIn) return { kind: "cron", projectId: checkIn[1]!, slug: safeDecode(checkIn[2]!), publicKey: checkIn[3] ? safeDecode(checkIn[3]) : null };
  const match = ingestPath.exec(url);
  if (!match) return null;
  if (match[2] === undefined) return { kind: "tunnel" };
  // OTLP traces: Sentry's documented path and its older alias (telemetry-protocol §2.3).
  if (match[2].endsWith("traces")) return { kind: "otlp-traces", projectId: match[1]! };
  if (match[2].endsWith("logs")) return { kind: "otlp-logs", projectId: match[1]! };
  return { kind: endpointKinds[match[2] as keyof typeof endpointKinds], projectId: match[1]! };
}

/** Answers an ingest request on the plain Node server, before (and without) Next's request handling. */
export async function serveNodeIngest(service: IngestService, endpoint: IngestEndpoint, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://lantern.internal");
  const headers = { get: (name: string) => headerValue(request.headers[name]) };
  const answer = await handleIngestRequest(service, endpoint, { method: request.method ?? "GET", url, headers, body: request, remoteAddress: request.socket.remoteAddress });
  if (!request.complete) {
    // A refused body is not read to its end; close rather than leave the client writing into a dead socket.
    response.setHeader("connection", "close");
    request.resume();
  }
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body ?? undefined);
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
