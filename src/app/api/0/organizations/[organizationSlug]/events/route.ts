import { organizationEventsRoute } from "@/server/api/routes/span-routes";

/** GET /api/0/organizations/{org}/events/ (dataset=spans, transactions or logs) */
export const GET = organizationEventsRoute;
