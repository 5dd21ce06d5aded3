import { listProjectsRoute } from "@/server/api/routes/project-routes";

/** GET /api/0/organizations/{org}/projects/ */
export const GET = listProjectsRoute;
