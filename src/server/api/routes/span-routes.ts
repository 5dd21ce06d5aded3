import { parseLogEventsRequest } from "../../logs/parse-log-search";
import { searchLogEvents } from "../../logs/search-log-events";
import { parseSpanSearch } from "../../spans/parse-span-search";
import { searchSpans } from "../../spans/search-spans";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader } from "../pagination";

/**
 * GET /organizations/{org}/events/?dataset=spans|transactions|logs: Sentry's `{data, meta}` with its offset
 * cursors (`0:<offset>:<isPrevious>`) in the Link header. `ourlogs` is Sentry's older name of `logs`.
 */
export const organizationEventsRoute = apiRoute<{ organizationSlug: string }>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const dataset = url.searchParams.get("dataset");
  if (dataset === "logs" || dataset === "ourlogs") {
    const request = parseLogEventsRequest(url.searchParams);
    const result = await searchLogEvents(context, request);
    const { offset, limit } = request.search;
    const previous = { cursor: `0:${Math.max(0, offset - limit)}:1`, hasResults: offset > 0 };
    const next = { cursor: `0:${offset + limit}:0`, hasResults: result.hasMore };
    return { body: { data: result.data, meta: result.meta }, headers: { Link: linkHeader(url, context.config.publicUrl, { previous, next }) } };
  }
  const search = parseSpanSearch(url.searchParams);
  const result = await searchSpans(context, search);
  const previous = { cursor: `0:${Math.max(0, search.offset - search.limit)}:1`, hasResults: search.offset > 0 };
  const next = { cursor: `0:${search.offset + search.limit}:0`, hasResults: result.hasMore };
  return { body: { data: result.data, meta: result.meta }, headers: { Link: linkHeader(url, context.config.publicUrl, { previous, next }) } };
});
