import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";

/** POST /api/{projectId}/security/ — a browser's CSP violation reports (`report-uri …?sentry_key=…`). */
async function security(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleWebIngestRequest(request, { kind: "security", projectId: (await params).projectId });
}

export { security as POST, security as OPTIONS };
