import { parseSessionsRequest } from "../../sessions/parse-sessions-request";
import { querySessions } from "../../sessions/query-sessions";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";

/** GET /organizations/{org}/sessions/: release health as Sentry's dashboards read it (telemetry-protocol.md §3.8). */
export const organizationSessionsRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await querySessions(context, parseSessionsRequest(url.searchParams)) };
});
