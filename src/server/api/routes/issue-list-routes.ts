import { authorizeProjectId, type AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { AppError } from "../../errors";
import { deleteIssues } from "../../issues/delete-issues";
import { apiRoute } from "../handle-api-request";
import { listApiIssues } from "../issues/list-api-issues";
import { parseIssueListRequest } from "../issues/parse-issue-list-request";
import { selectBulkIssues } from "../issues/select-bulk-issues";
import { parseIssueUpdate, updateApiIssues } from "../issues/update-api-issues";
import { requireOrganization } from "../organization";
import { linkHeader } from "../pagination";
import { readJsonBody } from "../read-json-body";

type ListParams = { organizationSlug: string; projectSlug?: string };

/**
 * Which issues an issue-list URL covers: one project's (/projects/{org}/{project}/issues/), or the
 * organization's (/organizations/{org}/issues/) narrowed by repeated `project=<id>` (-1: all).
 */
async function scopeOf(context: AccessContext, params: ListParams, searchParams: URLSearchParams) {
  requireOrganization(context.config, params.organizationSlug);
  if (params.projectSlug !== undefined) {
    const { project } = await authorizeProjectRef(context, "issue.list", params.projectSlug);
    return { projectId: project.id, projectIds: undefined, scope: "project" as const };
  }
  const requested = searchParams.getAll("project").filter((value) => value !== "" && value !== "-1");
  if (requested.length === 0) return { projectId: undefined, projectIds: undefined, scope: "organization" as const };
  const projectIds: number[] = [];
  for (const value of requested) {
    if (!/^\d{1,15}$/.test(value)) throw new AppError("bad_request", "project must be a project id.");
    projectIds.push((await authorizeProjectId(context, "issue.list", Number(value))).id);
  }
  return { projectId: undefined, projectIds, scope: "organization" as const };
}

/** GET: one page of issues matching `query`, with Sentry's Link header. */
export const listIssuesRoute = apiRoute<ListParams>(async ({ context, params, url }) => {
  const { projectId, projectIds, scope } = await scopeOf(context, params, url.searchParams);
  const page = await listApiIssues(context, { projectId, projectIds, request: parseIssueListRequest(url.searchParams, scope) });
  return { body: page.issues, headers: { Link: linkHeader(url, context.config.publicUrl, page) } };
});

/** PUT ?id=1&id=2 (or without ids: every issue `query` matches) with Sentry's bulk update body. */
export const updateIssuesRoute = apiRoute<ListParams>(async ({ request, context, params, url }) => {
  const { projectId, projectIds } = await scopeOf(context, params, url.searchParams);
  const update = parseIssueUpdate(await readJsonBody(request));
  const issueIds = await selectBulkIssues(context, { params: url.searchParams, projectId, projectIds, mayUseQuery: !update.merge });
  if (issueIds.length === 0) return { body: null, status: 204 };
  return { body: await updateApiIssues(context, issueIds, update) };
});

/** DELETE ?id=1&id=2: deletes the issues and their events for good (at most 100). */
export const deleteIssuesRoute = apiRoute<ListParams>(async ({ context, params, url }) => {
  const { projectId, projectIds } = await scopeOf(context, params, url.searchParams);
  const issueIds = await selectBulkIssues(context, { params: url.searchParams, projectId, projectIds, mayUseQuery: false });
  await deleteIssues(context, { issueIds });
  return { body: null, status: 204 };
});
