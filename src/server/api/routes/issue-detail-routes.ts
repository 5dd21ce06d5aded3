import { apiRoute } from "../handle-api-request";
import { createApiIssueNote, listApiIssueNotes } from "../issues/api-issue-notes";
import { getApiIssueTagValues, listApiIssueTagValues } from "../issues/get-api-issue-tag-values";
import { listApiIssueActivities } from "../issues/list-api-issue-activities";
import { linkHeader, parseLimit, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";

/** /api/0/issues/{issueId}/… and /api/0/organizations/{org}/issues/{issueId}/…: the id is numeric or a short id. */
type IssueParams = { organizationSlug?: string; issueId: string };
type TagParams = IssueParams & { tagKey: string };

/** GET …/issues/{id}/tags/{key}/ */
export const issueTagRoute = apiRoute<TagParams>(async ({ context, params, url }) => ({
  body: await getApiIssueTagValues(context, { organizationSlug: params.organizationSlug, issueRef: params.issueId, key: params.tagKey, environment: url.searchParams.get("environment") || null }),
}));

/** GET …/issues/{id}/tags/{key}/values/ */
export const issueTagValuesRoute = apiRoute<TagParams>(async ({ context, params, url }) => ({
  body: await listApiIssueTagValues(context, {
    organizationSlug: params.organizationSlug,
    issueRef: params.issueId,
    key: params.tagKey,
    environment: url.searchParams.get("environment") || null,
    sort: url.searchParams.get("sort"),
    limit: parseLimit(url.searchParams, 100),
  }),
  headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) },
}));

/** GET …/issues/{id}/activities/ */
export const issueActivitiesRoute = apiRoute<IssueParams>(async ({ context, params }) => ({ body: await listApiIssueActivities(context, { organizationSlug: params.organizationSlug, issueRef: params.issueId }) }));

/** GET …/issues/{id}/notes/ */
export const issueNotesRoute = apiRoute<IssueParams>(async ({ context, params, url }) => ({
  body: await listApiIssueNotes(context, { organizationSlug: params.organizationSlug, issueRef: params.issueId, limit: parseLimit(url.searchParams, 100) }),
  headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) },
}));

/** POST …/issues/{id}/notes/ {text}: 201 with the note. */
export const createIssueNoteRoute = apiRoute<IssueParams>(async ({ request, context, params }) => {
  const body = await readJsonBody(request);
  const text = typeof body === "object" && body !== null ? (body as { text?: unknown }).text : undefined;
  return { body: await createApiIssueNote(context, { organizationSlug: params.organizationSlug, issueRef: params.issueId, text }), status: 201 };
});
