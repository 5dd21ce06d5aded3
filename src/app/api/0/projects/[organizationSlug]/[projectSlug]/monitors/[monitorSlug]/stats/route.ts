import { monitorStatsRoute } from "@/server/api/routes/monitor-routes";

/** /api/0/projects/{org}/{project}/monitors/{monitor}/stats/ — a monitor's check-ins counted per status in time buckets. */
export const GET = monitorStatsRoute;
