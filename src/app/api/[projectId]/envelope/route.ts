import { handleEnvelopeRequest } from "@/server/ingest/handle-envelope-request";
import { preflightResponse } from "@/server/ingest/respond";

/** POST /api/{projectId}/envelope/ — the endpoint every modern Sentry SDK sends to. */
export async function POST(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleEnvelopeRequest(request, (await params).projectId);
}

export function OPTIONS() {
  return preflightResponse();
}
