import { checkHealth } from "@/server/http/check-health";

/** GET /api/health: 200 once the database answers (for load balancers and uptime checks); no data, no auth. */
export async function GET(): Promise<Response> {
  const isHealthy = await checkHealth();
  return Response.json({ status: isHealthy ? "ok" : "unavailable" }, { status: isHealthy ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
