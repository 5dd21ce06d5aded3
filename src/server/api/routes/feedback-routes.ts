import { getConfig } from "../../config";
import { getDatabase } from "../../db/get-database";
import { listFeedback } from "../../feedback/list-feedback";
import { listIssueFeedback } from "../../feedback/list-issue-feedback";
import { parseUserReport, storeUserReport, submitUserReport } from "../../feedback/submit-user-report";
import { projectOfDsn } from "../../feedback/authorize-dsn";
import { errorResponse, apiRoute } from "../handle-api-request";
import { serializeUserReport } from "../feedback/serialize-user-report";
import { findApiIssue } from "../issues/find-api-issue";
import { requireOrganization } from "../organization";
import { linkHeader, parseLimit, singlePageLinks } from "../pagination";
import { readJsonBody } from "../read-json-body";

type ProjectParams = { organizationSlug: string; projectSlug: string };

/** GET /api/0/organizations/{org}/issues/{issueId}/user-reports/: the feedback on the issue's events, newest first. */
export const issueUserReportsRoute = apiRoute<{ organizationSlug?: string; issueId: string }>(async ({ context, params, url }) => {
  if (params.organizationSlug !== undefined) requireOrganization(context.config, params.organizationSlug);
  const issue = await findApiIssue(context, params.issueId, "feedback.list");
  const feedback = await listIssueFeedback(context, issue.id, parseLimit(url.searchParams, 100));
  return { body: feedback.map((item) => serializeUserReport(item, { publicUrl: context.config.publicUrl, withIssue: false })), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

/** GET /api/0/projects/{org}/{project}/user-feedback/: every piece of the project's feedback, newest first, with its issue. */
export const projectUserFeedbackRoute = apiRoute<ProjectParams>(async ({ context, params, url }) => {
  requireOrganization(context.config, params.organizationSlug);
  const status = url.searchParams.get("status");
  const feedback = await listFeedback(context, {
    projectSlug: params.projectSlug,
    status: status === "new" || status === "resolved" ? status : "all",
    query: url.searchParams.get("query") ?? "",
    limit: parseLimit(url.searchParams, 100),
  });
  return { body: feedback.map((item) => serializeUserReport(item, { publicUrl: context.config.publicUrl, withIssue: true })), headers: { Link: linkHeader(url, context.config.publicUrl, singlePageLinks) } };
});

const tokenSubmit = apiRoute<ProjectParams>(async ({ request, context, params }) => {
  requireOrganization(context.config, params.organizationSlug);
  const feedback = await submitUserReport(context, { projectSlug: params.projectSlug, report: await readJsonBody(request) });
  return { body: serializeUserReport(feedback, { publicUrl: context.config.publicUrl, withIssue: false }) };
});

/**
 * POST /api/0/projects/{org}/{project}/user-feedback/: a user report, with a write token (Bearer) or, as SDKs
 * send it, `Authorization: DSN <dsn>` naming an active key of this project.
 */
export async function submitUserFeedbackRoute(request: Request, route: { params?: Promise<ProjectParams> }): Promise<Response> {
  const authorization = request.headers.get("authorization") ?? "";
  if (!/^dsn\s/i.test(authorization)) return tokenSubmit(request, route);
  try {
    const params = (await route.params)!;
    const database = await getDatabase();
    const config = getConfig();
    requireOrganization(config, params.organizationSlug);
    const projectId = await projectOfDsn(database.db, authorization.replace(/^dsn\s+/i, "").slice(0, 2048), params.projectSlug);
    const report = parseUserReport(await readJsonBody(request));
    const feedback = await storeUserReport(database.db, projectId, report, "api");
    return Response.json(serializeUserReport(feedback, { publicUrl: config.publicUrl, withIssue: false }), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}
