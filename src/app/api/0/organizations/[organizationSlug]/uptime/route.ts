import { organizationUptimeRoute } from "@/server/api/routes/uptime-routes";

/** GET /api/0/organizations/{org}/uptime/ */
export const GET = organizationUptimeRoute;
