import { searchApiOrganizationEvents, validateApiOrganizationEvents } from "../events/search-api-organization-events";
import { apiRoute } from "../handle-api-request";

/**
 * GET /organizations/{org}/events/?dataset=errors|discover|spans|transactions|logs|ourlogs: Sentry's
 * `{data, meta}` with its offset cursors (`0:<offset>:<isPrevious>`) in the Link header.
 */
export const organizationEventsRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => searchApiOrganizationEvents(context, { organizationSlug: params.organizationSlug, searchParams: url.searchParams }));

/** GET /organizations/{org}/events/validate/: each parameter of an events search checked, `valid` overall. */
export const validateOrganizationEventsRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => ({
  body: await validateApiOrganizationEvents(context, { organizationSlug: params.organizationSlug, searchParams: url.searchParams }),
}));
