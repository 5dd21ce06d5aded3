import { listOrganizationsRoute } from "@/server/api/routes/project-routes";

/** GET /api/0/organizations/ */
export const GET = listOrganizationsRoute;
