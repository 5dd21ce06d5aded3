import { handleWebIngestRequest } from "@/server/ingest/handle-web-ingest-request";
import { matchIngestEndpoint } from "@/server/ingest/serve-node-ingest";

/** GET|POST /api/{projectId}/cron/{slug}/{key}/ — Sentry's HTTP check-in (`lantern start` answers it before Next). */
async function checkIn(request: Request) {
  const endpoint = matchIngestEndpoint(new URL(request.url).pathname);
  if (endpoint?.kind !== "cron") return new Response(JSON.stringify({ detail: "not a check-in path" }), { status: 404, headers: { "content-type": "application/json" } });
  return handleWebIngestRequest(request, endpoint);
}

export { checkIn as GET, checkIn as POST, checkIn as OPTIONS };
