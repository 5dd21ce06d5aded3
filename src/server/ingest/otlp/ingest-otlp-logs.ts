import { IngestRefusal } from "../../errors";
import { authenticateIngest, ingestEnvelope } from "../ingest-envelope";
import type { IngestService } from "../ingest-service";
import { ingestCorsHeaders, type IngestAnswer } from "../respond";
import { encodeLogsResponseProtobuf } from "./otlp-log-messages";
import { otlpLogsToEnvelope } from "./otlp-logs-to-envelope";
import type { OtlpEncoding } from "./otlp-traces-to-envelope";

interface OtlpLogsInput {
  url: URL;
  headers: Headers;
  body: Uint8Array;
  encoding: OtlpEncoding;
  projectId: string;
  clientIp: string | null;
}

/**
 * `POST /api/{project_id}/integration/otlp/v1/logs` (telemetry-protocol §2.3) after its body is read, as the
 * traces route: the key first, then the export as a Sentry envelope of `log` containers through
 * `ingestEnvelope` (the same limits and intake commit as any envelope). 202 with an empty body; when records
 * were rejected, OTLP's partial success says how many and why.
 */
export async function ingestOtlpLogs(service: IngestService, input: OtlpLogsInput): Promise<IngestAnswer> {
  const request = { url: input.url, headers: input.headers, pathProjectId: input.projectId, acceptsBearer: true };
  await authenticateIngest(service, request);
  const { envelope, rejected } = otlpLogsToEnvelope(input.body, input.encoding);
  let headers: Record<string, string> = {};
  if (envelope) {
    const { maxEnvelopeBytes } = service.config.ingest;
    if (envelope.length > maxEnvelopeBytes) throw new IngestRefusal("payload_too_large", `the export is ${envelope.length} bytes as an envelope; the limit is ${maxEnvelopeBytes}`);
    ({ headers } = await ingestEnvelope(service, { ...request, body: envelope, clientIp: input.clientIp }));
  }
  if (rejected.length === 0) return { status: 202, headers: { ...ingestCorsHeaders, ...headers }, body: null };
  const errorMessage = `${rejected.length} log record(s) rejected: ${rejected.slice(0, 3).join("; ")}`;
  if (input.encoding === "protobuf") {
    return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/x-protobuf" }, body: encodeLogsResponseProtobuf(rejected.length, errorMessage) };
  }
  return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/json" }, body: JSON.stringify({ partialSuccess: { rejectedLogRecords: String(rejected.length), errorMessage } }) };
}
