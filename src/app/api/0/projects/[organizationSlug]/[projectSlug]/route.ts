import { projectRoute } from "@/server/api/routes/project-routes";
import { updateProjectRoute } from "@/server/api/routes/team-routes";

/** GET|PUT /api/0/projects/{org}/{project}/ */
export const GET = projectRoute;
export const PUT = updateProjectRoute;
