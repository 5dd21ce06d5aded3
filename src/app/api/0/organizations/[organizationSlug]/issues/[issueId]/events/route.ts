import { issueEventsRoute } from "@/server/api/routes/event-routes";

/** GET /api/0/organizations/{org}/issues/{issue_id}/events/ */
export const GET = issueEventsRoute;
