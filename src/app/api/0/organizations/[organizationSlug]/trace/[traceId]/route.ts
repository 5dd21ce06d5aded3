import { traceRoute } from "@/server/api/routes/trace-routes";

/** GET /api/0/organizations/{org}/trace/{trace_id}/ */
export const GET = traceRoute;
