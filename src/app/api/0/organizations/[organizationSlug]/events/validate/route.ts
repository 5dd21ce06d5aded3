import { validateOrganizationEventsRoute } from "@/server/api/routes/span-routes";

/** GET /api/0/organizations/{org}/events/validate/ */
export const GET = validateOrganizationEventsRoute;
