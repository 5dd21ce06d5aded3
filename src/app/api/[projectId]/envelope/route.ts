import { handleWebIngestRequest } from "@/server/ingest/handle-envelope-request";

/** POST /api/{projectId}/envelope/ — the endpoint every modern Sentry SDK sends to. */
async function envelope(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleWebIngestRequest(request, { kind: "envelope", projectId: (await params).projectId });
}

export { envelope as POST, envelope as OPTIONS };
