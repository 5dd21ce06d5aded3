import { listProjectTeamsRoute } from "@/server/api/routes/team-routes";

/** GET /api/0/projects/{org}/{project}/teams/ */
export const GET = listProjectTeamsRoute;
