import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";

/** POST /api/{projectId}/integration/otlp/v1/traces — OpenTelemetry's OTLP/HTTP trace exporter (JSON or protobuf). */
async function otlpTraces(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleWebIngestRequest(request, { kind: "otlp-traces", projectId: (await params).projectId });
}

export { otlpTraces as POST, otlpTraces as OPTIONS };
