import { createMonitorRoute, listMonitorsRoute } from "@/server/api/routes/monitor-routes";

/** /api/0/organizations/{org}/monitors/ — list and create cron monitors. */
export const GET = listMonitorsRoute;
export const POST = createMonitorRoute;
