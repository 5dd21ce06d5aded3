import { createUptimeRoute } from "@/server/api/routes/uptime-routes";

/** POST /api/0/projects/{org}/{project}/uptime/ */
export const POST = createUptimeRoute;
