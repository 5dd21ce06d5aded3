import { projectRoute } from "@/server/api/routes/project-routes";

/** GET /api/0/projects/{org}/{project}/ */
export const GET = projectRoute;
