import { handleTunnelRequest } from "@/server/monitoring/handle-tunnel-request";

/** POST /monitoring — the same-origin tunnel of Lantern's own SDKs. */
async function tunnel(request: Request) {
  return handleTunnelRequest(request);
}

export { tunnel as POST, tunnel as OPTIONS };
