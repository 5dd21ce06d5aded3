import { issueEventRoute } from "@/server/api/routes/event-routes";

/** GET /api/0/organizations/{org}/issues/{issue_id}/events/{latest | oldest | recommended | event_id}/ */
export const GET = issueEventRoute;
