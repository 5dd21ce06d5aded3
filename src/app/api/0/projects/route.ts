import { listProjectsRoute } from "@/server/api/routes/project-routes";

/** GET /api/0/projects/ */
export const GET = listProjectsRoute;
