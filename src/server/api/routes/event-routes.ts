import { getApiIssueEvent } from "../events/get-api-issue-event";
import { getApiProjectEvent } from "../events/get-api-project-event";
import { listApiIssueEvents } from "../events/list-api-issue-events";
import { apiRoute } from "../handle-api-request";
import { requireOrganization } from "../organization";
import { linkHeader } from "../pagination";

type IssueParams = { organizationSlug?: string; issueId: string };

/** GET /issues/{issueId}/events/ (`full`, `environment`, `query`, `cursor`, `limit`) */
export const issueEventsRoute = apiRoute<IssueParams>(async ({ context, params, url }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  const page = await listApiIssueEvents(context, params.issueId, url.searchParams);
  return { body: page.events, headers: { Link: linkHeader(url, context.config.publicUrl, page) } };
});

/** GET /issues/{issueId}/events/{latest | oldest | recommended | event id}/ */
export const issueEventRoute = apiRoute<IssueParams & { eventId: string }>(async ({ context, params }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiIssueEvent(context, params.issueId, params.eventId) };
});

/** GET /projects/{org}/{project}/events/{event id}/ */
export const projectEventRoute = apiRoute<{ organizationSlug: string; projectSlug: string; eventId: string }>(async ({ context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiProjectEvent(context, params.projectSlug, params.eventId) };
});
