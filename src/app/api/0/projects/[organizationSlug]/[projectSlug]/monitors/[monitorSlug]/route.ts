import { deleteMonitorRoute, monitorRoute, updateMonitorRoute } from "@/server/api/routes/monitor-routes";

/** /api/0/projects/{org}/{project}/monitors/{monitor}/ — read, change and delete a cron monitor. */
export const GET = monitorRoute;
export const PUT = updateMonitorRoute;
export const DELETE = deleteMonitorRoute;
