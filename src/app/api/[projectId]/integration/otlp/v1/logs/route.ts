import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";

/** POST /api/{projectId}/integration/otlp/v1/logs — OpenTelemetry's OTLP/HTTP log exporter (JSON or protobuf). */
async function otlpLogs(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleWebIngestRequest(request, { kind: "otlp-logs", projectId: (await params).projectId });
}

export { otlpLogs as POST, otlpLogs as OPTIONS };
