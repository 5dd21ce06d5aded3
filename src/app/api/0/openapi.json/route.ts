import { openApiRoute } from "@/server/api/routes/meta-routes";

/** GET /api/0/openapi.json — the OpenAPI 3.1 description of /api/0/ (authenticated). */
export const GET = openApiRoute;
