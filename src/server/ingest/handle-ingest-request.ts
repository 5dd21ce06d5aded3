import type { Readable } from "node:stream";
import { resolveClientAddress } from "../access/resolve-client-address";
import { IngestRefusal } from "../errors";
import { forwardToUpstream } from "../monitoring/forward-to-upstream";
import { isSameDsn } from "../projects/build-dsn";
import type { IngestService } from "./ingest-service";
import { authenticateIngest, ingestEnvelope } from "./ingest-envelope";
import { ingestOtlpLogs } from "./otlp/ingest-otlp-logs";
import { ingestOtlpTraces } from "./otlp/ingest-otlp-traces";
import { otlpEncodingOf } from "./otlp/otlp-traces-to-envelope";
import { parseEnvelope } from "./parse-envelope";
import { readBodyStreamAsSent, type BodyLimits } from "./read-body";
import { checkInRequestToEnvelope, maxCheckInBodyBytes } from "./check-in-request-to-envelope";
import { acceptedAnswer, checkInAcceptedAnswer, createdAnswer, errorAnswer, preflightAnswer, type IngestAnswer } from "./respond";
import { securityReportToEnvelopes } from "./security-report-to-envelopes";
import { storeBodyToEnvelope } from "./store-to-envelope";

export type IngestEndpoint =
  | { kind: "envelope" | "store" | "security" | "otlp-traces" | "otlp-logs"; projectId: string }
  | { kind: "cron"; projectId: string; slug: string; publicKey: string | null }
  | { kind: "tunnel" };

export interface IngestHttpRequest {
  method: string;
  url: URL;
  headers: Pick<Headers, "get">;
  body: Readable | null;
  remoteAddress?: string;
}

/**
 * One ingest request, whatever server carries it (the plain Node server in front of Next, or Next's route
 * handlers): the method, the capped body, then the envelope, store or tunnel rules; always an answer,
 * never a throw.
 */
export async function handleIngestRequest(service: IngestService, endpoint: IngestEndpoint, request: IngestHttpRequest): Promise<IngestAnswer> {
  if (request.method === "OPTIONS") return preflightAnswer();
  if (endpoint.kind === "cron") return handleCheckInRequest(service, endpoint, request);
  try {
    if (request.method !== "POST") throw new IngestRefusal("bad_request", `use POST, not ${request.method}`);
    const { ingest } = service.config;
    // The media type decides the decoder: an unknown one is refused before the body is read.
    const otlpEncoding = endpoint.kind === "otlp-traces" || endpoint.kind === "otlp-logs" ? otlpEncodingOf(request.headers.get("content-type"), endpoint.kind === "otlp-logs" ? "logs" : "traces") : null;
    let { body, sentGzip } = await readBodyStreamAsSent(request.body, request.headers, bodyLimitsFor(endpoint, ingest));
    const clientIp = resolveClientAddress(request.remoteAddress, request.headers.get("x-forwarded-for"), service.config.trustedProxies);
    if (endpoint.kind === "otlp-traces") {
      return await ingestOtlpTraces(service, { url: request.url, headers: toHeaders(request.headers), body, encoding: otlpEncoding!, projectId: endpoint.projectId, clientIp });
    }
    if (endpoint.kind === "otlp-logs") {
      return await ingestOtlpLogs(service, { url: request.url, headers: toHeaders(request.headers), body, encoding: otlpEncoding!, projectId: endpoint.projectId, clientIp });
    }
    if (endpoint.kind === "tunnel") {
      const upstreamDsn = service.config.selfMonitoring.upstreamDsn;
      const { header } = parseEnvelope(body);
      if (typeof header.dsn !== "string") throw new IngestRefusal("bad_request", "the envelope header has no dsn");
      if (upstreamDsn && isSameDsn(header.dsn, upstreamDsn)) return await forwardToUpstream(upstreamDsn, body);
      // The tunnel trusts only the DSN inside the envelope, never query or header auth.
      const result = await ingestEnvelope(service, { url: new URL(request.url.pathname, request.url.origin), headers: new Headers(), body, sentGzip, clientIp });
      return acceptedAnswer(result.eventId, result.headers);
    }
    if (endpoint.kind === "security") {
      // A browser's report-uri: one event per CSP report, each ingested like an envelope; the browser
      // ignores the answer, so an empty 201 as Relay gives.
      const context = { release: request.url.searchParams.get("sentry_release"), environment: request.url.searchParams.get("sentry_environment"), userAgent: request.headers.get("user-agent") };
      const headers = toHeaders(request.headers);
      const envelopes = securityReportToEnvelopes(body, context, ingest.maxEventBytes);
      // A list without a CSP report stores nothing, but the key is still checked: 201 only for a real key.
      if (envelopes.length === 0) await authenticateIngest(service, { url: request.url, headers, pathProjectId: endpoint.projectId });
      // Appended together, so the reports share one group commit.
      await Promise.all(envelopes.map((envelope) => ingestEnvelope(service, { url: request.url, headers, body: envelope, pathProjectId: endpoint.projectId, clientIp })));
      return createdAnswer();
    }
    if (endpoint.kind === "store") {
      body = storeBodyToEnvelope(body, ingest.maxEventBytes);
      sentGzip = null;
    }
    const result = await ingestEnvelope(service, { url: request.url, headers: toHeaders(request.headers), body, sentGzip, pathProjectId: endpoint.projectId, clientIp });
    return acceptedAnswer(result.eventId, result.headers);
  } catch (error) {
    return errorAnswer(error);
  }
}

/**
 * Sentry's HTTP check-in (`GET|POST /api/{project}/cron/{slug}/{key}/`): the check-in becomes a `check_in`
 * envelope, ingested as any other. 202 as Relay answers, also when the key's rate limit drops it (a cron job's
 * curl should not fail for that); other refusals keep their 4xx and reason.
 */
async function handleCheckInRequest(service: IngestService, endpoint: Extract<IngestEndpoint, { kind: "cron" }>, request: IngestHttpRequest): Promise<IngestAnswer> {
  try {
    if (request.method !== "POST" && request.method !== "GET") throw new IngestRefusal("bad_request", `use GET or POST, not ${request.method}`);
    const limits = { ...service.config.ingest, maxCompressedBytes: Math.min(service.config.ingest.maxCompressedBytes, maxCheckInBodyBytes), maxEnvelopeBytes: maxCheckInBodyBytes };
    const { body } = request.method === "POST" ? await readBodyStreamAsSent(request.body, request.headers, limits) : { body: new Uint8Array() };
    const envelope = checkInRequestToEnvelope({ slug: endpoint.slug, query: request.url.searchParams, contentType: request.headers.get("content-type"), body });
    const url = new URL(request.url);
    if (endpoint.publicKey) url.searchParams.set("sentry_key", endpoint.publicKey);
    const clientIp = resolveClientAddress(request.remoteAddress, request.headers.get("x-forwarded-for"), service.config.trustedProxies);
    try {
      await ingestEnvelope(service, { url, headers: toHeaders(request.headers), body: envelope, pathProjectId: endpoint.projectId, clientIp });
    } catch (error) {
      if (!(error instanceof IngestRefusal && error.code === "rate_limited")) throw error;
    }
    return checkInAcceptedAnswer();
  } catch (error) {
    return errorAnswer(error);
  }
}

/**
 * Envelopes get the envelope limits. A security report is one small JSON document: no more of it is read than
 * one event may hold. An OTLP export is decoded whole into objects before it becomes an envelope (an
 * envelope's items are not), so it is held to 32 MiB decompressed — four times a full batch of the
 * OpenTelemetry Collector (8,192 spans) — rather than the envelope's 200 MiB.
 */
function bodyLimitsFor(endpoint: IngestEndpoint, ingest: IngestService["config"]["ingest"]): BodyLimits {
  if (endpoint.kind === "security") return { maxCompressedBytes: Math.min(ingest.maxCompressedBytes, ingest.maxEventBytes), maxEnvelopeBytes: ingest.maxEventBytes, maxDecompressionRatio: ingest.maxDecompressionRatio };
  if (endpoint.kind === "otlp-traces") return { ...ingest, maxEnvelopeBytes: Math.min(ingest.maxEnvelopeBytes, maxOtlpBodyBytes) };
  // Relay's limit for an OTLP log export (relay#5441, telemetry-protocol §2.3).
  if (endpoint.kind === "otlp-logs") return { ...ingest, maxEnvelopeBytes: Math.min(ingest.maxEnvelopeBytes, maxOtlpLogsBodyBytes) };
  return ingest;
}

const maxOtlpBodyBytes = 32 * 1024 * 1024;
const maxOtlpLogsBodyBytes = 12 * 1024 * 1024;

function toHeaders(headers: Pick<Headers, "get">): Headers {
  if (headers instanceof Headers) return headers;
  const copy = new Headers();
  for (const name of ["x-sentry-auth", "authorization"]) {
    const value = headers.get(name);
    if (value !== null) copy.set(name, value);
  }
  return copy;
}
