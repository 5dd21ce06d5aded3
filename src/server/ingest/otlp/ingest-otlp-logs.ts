import type { IngestService } from "../ingest-service";
import type { IngestAnswer } from "../respond";
import { ingestOtlpExport, type OtlpExportInput } from "./ingest-otlp-export";
import { encodeLogsResponseProtobuf } from "./otlp-log-messages";
import { otlpLogsToEnvelope } from "./otlp-logs-to-envelope";

/** `POST /api/{project_id}/integration/otlp/v1/logs`: log records as `log` containers. */
export function ingestOtlpLogs(service: IngestService, input: OtlpExportInput): Promise<IngestAnswer> {
  return ingestOtlpExport(service, input, { toEnvelope: otlpLogsToEnvelope, noun: "log record(s)", rejectedField: "rejectedLogRecords", encodeProtobufAnswer: encodeLogsResponseProtobuf });
}
