import { uptimeChecksRoute } from "@/server/api/routes/uptime-routes";

/** GET /api/0/projects/{org}/{project}/uptime/{id}/checks/ */
export const GET = uptimeChecksRoute;
