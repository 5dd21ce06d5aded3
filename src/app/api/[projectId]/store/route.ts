import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";

/** POST /api/{projectId}/store/ — one JSON event, from older SDKs. */
async function store(request: Request, { params }: { params: Promise<{ projectId: string }> }) {
  return handleWebIngestRequest(request, { kind: "store", projectId: (await params).projectId });
}

export { store as POST, store as OPTIONS };
