import { organizationRoute } from "@/server/api/routes/project-routes";

/** GET /api/0/organizations/{org}/ */
export const GET = organizationRoute;
