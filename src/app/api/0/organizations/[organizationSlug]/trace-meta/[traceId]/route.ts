import { traceMetaRoute } from "@/server/api/routes/trace-routes";

/** GET /api/0/organizations/{org}/trace-meta/{trace_id}/ */
export const GET = traceMetaRoute;
