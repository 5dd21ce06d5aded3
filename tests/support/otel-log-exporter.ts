import { OTLPExporterBase } from "@opentelemetry/otlp-exporter-base";
import { convertLegacyHttpOptions, createOtlpHttpExportDelegate } from "@opentelemetry/otlp-exporter-base/node-http";
import { JsonLogsSerializer, LogsExporterMetricsHelper, ProtobufLogsSerializer } from "@opentelemetry/otlp-transformer";
import type { LogRecordExporter, ReadableLogRecord } from "@opentelemetry/sdk-logs";

/**
 * OpenTelemetry's OTLP/HTTP log exporter, JSON or protobuf, assembled from OpenTelemetry's own parts the way
 * `@opentelemetry/exporter-logs-otlp-http` and `-proto` assemble it (those two packages are not installed;
 * their transport, configuration and serializers are: otlp-exporter-base and otlp-transformer, the same
 * versions as the trace exporters). Nothing here encodes a byte itself.
 */
export class OtlpHttpLogExporter extends OTLPExporterBase<ReadableLogRecord[]> implements LogRecordExporter {
  constructor(config: { url: string; headers?: Record<string, string>; compression?: "gzip" | "none" }, encoding: "json" | "protobuf") {
    const options = convertLegacyHttpOptions(config as never, "LOGS", "v1/logs", { "Content-Type": encoding === "json" ? "application/json" : "application/x-protobuf" });
    super(createOtlpHttpExportDelegate(options, encoding === "json" ? JsonLogsSerializer : ProtobufLogsSerializer, "otlp_http_log_exporter", LogsExporterMetricsHelper, undefined));
  }
}
