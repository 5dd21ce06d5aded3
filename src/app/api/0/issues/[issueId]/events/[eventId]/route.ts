import { issueEventRoute } from "@/server/api/routes/event-routes";

/** GET /api/0/issues/{issue_id}/events/{latest | oldest | recommended | event_id}/ */
export const GET = issueEventRoute;
