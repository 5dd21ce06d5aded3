import { createTeamProjectRoute } from "@/server/api/routes/team-routes";

/** POST /api/0/teams/{org}/{team}/projects/: a new project of the team. */
export const POST = createTeamProjectRoute;
