import { handleWebIngestRequest } from "@/server/ingest/handle-envelope-request";

/** POST /monitoring — the same-origin tunnel of Lantern's own SDKs. */
async function tunnel(request: Request) {
  return handleWebIngestRequest(request, { kind: "tunnel" });
}

export { tunnel as POST, tunnel as OPTIONS };
