import { projectEventRoute } from "@/server/api/routes/event-routes";

/** GET /api/0/projects/{org}/{project}/events/{event_id}/ */
export const GET = projectEventRoute;
