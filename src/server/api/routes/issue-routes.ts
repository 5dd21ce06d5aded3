import { deleteIssues } from "../../issues/delete-issues";
import { apiRoute } from "../handle-api-request";
import { findApiIssue } from "../issues/find-api-issue";
import { getApiIssue, serializeIssueDetails } from "../issues/get-api-issue";
import { listApiIssueHashes } from "../issues/list-api-issue-hashes";
import { parseIssueUpdate, updateApiIssues } from "../issues/update-api-issues";
import { requireOrganization } from "../organization";
import { linkHeader, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";

/** /api/0/issues/{issueId}/ and /api/0/organizations/{org}/issues/{issueId}/ */
type IssueParams = { organizationSlug?: string; issueId: string };

export const issueRoute = apiRoute<IssueParams>(async ({ context, params }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  return { body: await getApiIssue(context, params.issueId) };
});

/** PUT: Sentry's issue update (status, statusDetails, assignedTo); answers the updated issue. */
export const updateIssueRoute = apiRoute<IssueParams>(async ({ request, context, params }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  const issue = await findApiIssue(context, params.issueId, "issue.read");
  const update = parseIssueUpdate(await readJsonBody(request));
  await updateApiIssues(context, [issue.id], { ...update, merge: undefined });
  return { body: await serializeIssueDetails(context, issue.id) };
});

/** DELETE: the issue and its events, for good; 202 as Sentry answers. */
export const deleteIssueRoute = apiRoute<IssueParams>(async ({ context, params }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  const issue = await findApiIssue(context, params.issueId, "issue.read");
  await deleteIssues(context, { issueIds: [issue.id] });
  return { body: null, status: 202 };
});

/** GET /issues/{issueId}/hashes/ */
export const issueHashesRoute = apiRoute<IssueParams>(async ({ context, params, url }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  const hashes = await listApiIssueHashes(context, params.issueId);
  return { body: hashes, headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});
