import { AppError } from "../../errors";
import { apiRoute } from "../handle-api-request";
import { buildOpenApiDocument } from "../openapi";
import type { OpenApiDocument } from "../openapi-document";

let cached: { publicUrl: string; document: OpenApiDocument } | null = null;

/** GET /api/0/openapi.json — for signed-in people and token holders only, like the rest of the API. */
export const openApiRoute = apiRoute(async ({ context }) => {
  const { publicUrl } = context.config;
  if (cached?.publicUrl !== publicUrl) cached = { publicUrl, document: buildOpenApiDocument(publicUrl) };
  return { body: cached.document };
});

/** Any other path under /api/0/: Sentry's JSON 404 rather than the dashboard's page (after authentication). */
export const unknownApiRoute = apiRoute<{ path: string[] }>(async () => {
  throw new AppError("not_found", "The requested resource does not exist");
});
