import { IngestRefusal } from "../../errors";
import { authenticateIngest, ingestEnvelope } from "../ingest-envelope";
import type { IngestService } from "../ingest-service";
import { ingestCorsHeaders, type IngestAnswer } from "../respond";
import { encodeTraceResponseProtobuf } from "./otlp-trace-messages";
import { otlpTracesToEnvelope, type OtlpEncoding } from "./otlp-traces-to-envelope";

interface OtlpTracesInput {
  url: URL;
  headers: Headers;
  body: Uint8Array;
  encoding: OtlpEncoding;
  projectId: string;
  clientIp: string | null;
}

/**
 * `POST /api/{project_id}/integration/otlp/v1/traces` (telemetry-protocol §2.3) after its body is read: the
 * key first (so a wrong key is a 401/403 whatever the body), then the export as a Sentry envelope through
 * `ingestEnvelope` — the same limits, rate limits and intake commit as any envelope. Answers 202 with an
 * empty body; when spans were rejected, OTLP's partial success says how many and why.
 */
export async function ingestOtlpTraces(service: IngestService, input: OtlpTracesInput): Promise<IngestAnswer> {
  const request = { url: input.url, headers: input.headers, pathProjectId: input.projectId, acceptsBearer: true };
  await authenticateIngest(service, request);
  const { envelope, rejected } = otlpTracesToEnvelope(input.body, input.encoding);
  let headers: Record<string, string> = {};
  if (envelope) {
    const { maxEnvelopeBytes } = service.config.ingest;
    if (envelope.length > maxEnvelopeBytes) {
      throw new IngestRefusal("payload_too_large", `the export is ${envelope.length} bytes as an envelope; the limit is ${maxEnvelopeBytes}`);
    }
    ({ headers } = await ingestEnvelope(service, { ...request, body: envelope, clientIp: input.clientIp }));
  }
  return acceptedOtlpAnswer(input.encoding, rejected, headers);
}

function acceptedOtlpAnswer(encoding: OtlpEncoding, rejected: string[], headers: Record<string, string>): IngestAnswer {
  if (rejected.length === 0) return { status: 202, headers: { ...ingestCorsHeaders, ...headers }, body: null };
  const errorMessage = `${rejected.length} span(s) rejected: ${rejected.slice(0, 3).join("; ")}`;
  if (encoding === "protobuf") {
    return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/x-protobuf" }, body: encodeTraceResponseProtobuf(rejected.length, errorMessage) };
  }
  // OTLP/JSON writes 64-bit integers as strings.
  const body = JSON.stringify({ partialSuccess: { rejectedSpans: String(rejected.length), errorMessage } });
  return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/json" }, body };
}
