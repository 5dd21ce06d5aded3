import { handleEnvelopeRequest } from "@/server/ingest/handle-web-ingest-request";

/** POST /api/{projectId}/envelope/ — the endpoint every modern Sentry SDK sends to. */
async function envelope(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleEnvelopeRequest(request, (await params).projectId);
}

export { envelope as POST, envelope as OPTIONS };
