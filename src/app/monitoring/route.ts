import { preflightResponse } from "@/server/ingest/respond";
import { handleTunnelRequest } from "@/server/monitoring/handle-tunnel-request";

/** POST /monitoring — the same-origin tunnel of Lantern's own SDKs. */
export async function POST(request: Request) {
  return handleTunnelRequest(request);
}

export function OPTIONS() {
  return preflightResponse();
}
