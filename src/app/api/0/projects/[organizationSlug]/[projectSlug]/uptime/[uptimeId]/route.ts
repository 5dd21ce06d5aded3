import { deleteUptimeRoute, updateUptimeRoute, uptimeRoute } from "@/server/api/routes/uptime-routes";

/** GET, PUT and DELETE /api/0/projects/{org}/{project}/uptime/{id}/ */
export const GET = uptimeRoute;
export const PUT = updateUptimeRoute;
export const DELETE = deleteUptimeRoute;
