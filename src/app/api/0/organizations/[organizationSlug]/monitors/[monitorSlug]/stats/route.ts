import { monitorStatsRoute } from "@/server/api/routes/monitor-routes";

/** /api/0/organizations/{org}/monitors/{monitor}/stats/ — a monitor's check-ins counted per status in time buckets. */
export const GET = monitorStatsRoute;
