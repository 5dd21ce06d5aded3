import { addProjectTeamRoute, removeProjectTeamRoute } from "@/server/api/routes/team-routes";

/** POST|DELETE /api/0/projects/{org}/{project}/teams/{team}/ */
export const POST = addProjectTeamRoute;
export const DELETE = removeProjectTeamRoute;
