import { monitorCheckInsRoute } from "@/server/api/routes/monitor-routes";

/** /api/0/projects/{org}/{project}/monitors/{monitor}/checkins/ — a monitor's check-ins, newest first. */
export const GET = monitorCheckInsRoute;
