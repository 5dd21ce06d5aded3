import { organizationSessionsRoute } from "@/server/api/routes/session-routes";

/** GET /api/0/organizations/{org}/sessions/ */
export const GET = organizationSessionsRoute;
