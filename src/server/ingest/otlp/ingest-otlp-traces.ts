import type { IngestService } from "../ingest-service";
import type { IngestAnswer } from "../respond";
import { ingestOtlpExport, type OtlpExportInput } from "./ingest-otlp-export";
import { encodeTraceResponseProtobuf } from "./otlp-trace-messages";
import { otlpTracesToEnvelope } from "./otlp-traces-to-envelope";

/** `POST /api/{project_id}/integration/otlp/v1/traces` (and `/otlp/v1/traces`): spans as v2 span containers. */
export function ingestOtlpTraces(service: IngestService, input: OtlpExportInput): Promise<IngestAnswer> {
  return ingestOtlpExport(service, input, { toEnvelope: otlpTracesToEnvelope, noun: "span(s)", rejectedField: "rejectedSpans", encodeProtobufAnswer: encodeTraceResponseProtobuf });
}
