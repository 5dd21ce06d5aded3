import { createTeamRoute, listTeamsRoute } from "@/server/api/routes/team-routes";

/** GET|POST /api/0/organizations/{org}/teams/ */
export const GET = listTeamsRoute;
export const POST = createTeamRoute;
