import { IngestRefusal } from "../../errors";
import { authenticateIngest, ingestEnvelope } from "../ingest-envelope";
import type { IngestService } from "../ingest-service";
import { ingestCorsHeaders, type IngestAnswer } from "../respond";
import type { OtlpEncoding } from "./otlp-traces-to-envelope";

export interface OtlpExportInput {
  url: URL;
  headers: Headers;
  body: Uint8Array;
  encoding: OtlpEncoding;
  projectId: string;
  clientIp: string | null;
}

/** What differs between OTLP signals (traces, logs): the conversion and the words of the partial-success answer. */
export interface OtlpSignal {
  toEnvelope: (body: Uint8Array, encoding: OtlpEncoding) => { envelope: Uint8Array | null; rejected: string[] };
  /** "span(s)", "log record(s)". */
  noun: string;
  /** The JSON partial success's count field: rejectedSpans, rejectedLogRecords. */
  rejectedField: string;
  encodeProtobufAnswer: (rejected: number, errorMessage: string) => Uint8Array;
}

/**
 * An OTLP/HTTP export (telemetry-protocol §2.3) after its body is read: the key first (so a wrong key is a
 * 401/403 whatever the body), then the export as a Sentry envelope through `ingestEnvelope` — the same limits,
 * rate limits and intake commit as any envelope. Answers 202 with an empty body; when items were rejected,
 * OTLP's partial success says how many and why.
 */
export async function ingestOtlpExport(service: IngestService, input: OtlpExportInput, signal: OtlpSignal): Promise<IngestAnswer> {
  const request = { url: input.url, headers: input.headers, pathProjectId: input.projectId, acceptsBearer: true };
  await authenticateIngest(service, request);
  const { envelope, rejected } = signal.toEnvelope(input.body, input.encoding);
  let headers: Record<string, string> = {};
  if (envelope) {
    const { maxEnvelopeBytes } = service.config.ingest;
    if (envelope.length > maxEnvelopeBytes) throw new IngestRefusal("payload_too_large", `the export is ${envelope.length} bytes as an envelope; the limit is ${maxEnvelopeBytes}`);
    ({ headers } = await ingestEnvelope(service, { ...request, body: envelope, clientIp: input.clientIp }));
  }
  if (rejected.length === 0) return { status: 202, headers: { ...ingestCorsHeaders, ...headers }, body: null };
  const errorMessage = `${rejected.length} ${signal.noun} rejected: ${rejected.slice(0, 3).join("; ")}`;
  if (input.encoding === "protobuf") {
    return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/x-protobuf" }, body: signal.encodeProtobufAnswer(rejected.length, errorMessage) };
  }
  // OTLP/JSON writes 64-bit integers as strings.
  const body = JSON.stringify({ partialSuccess: { [signal.rejectedField]: String(rejected.length), errorMessage } });
  return { status: 202, headers: { ...ingestCorsHeaders, ...headers, "content-type": "application/json" }, body };
}
