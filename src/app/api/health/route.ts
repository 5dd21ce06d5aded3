import { getDatabase } from "@/server/db/get-database";

/** GET /api/health: 200 once the database answers (for load balancers and uptime checks); no data, no auth. */
export async function GET(): Promise<Response> {
  try {
    const { db } = await getDatabase();
    await db.selectFrom("projects").select("id").limit(1).execute();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
