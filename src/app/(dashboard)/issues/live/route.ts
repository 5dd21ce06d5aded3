import { z } from "zod";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { listLiveIssueChanges } from "@/server/issues/search/list-live-issue-changes";
import { parseIssueQuery } from "@/server/issues/search/parse-issue-query";
import { scopeQueryToEnvironment } from "@/server/issues/search/scope-query-to-environment";

const input = z.object({
  query: z.string().max(500).default(""),
  projectId: z.coerce.number().int().positive().optional(),
  since: z.coerce.number().int().nonnegative(),
});

/**
 * GET /issues/live?query=…&projectId=…&since=… — the issue list's live check, polled every few seconds:
 * the matching issues seen since `since` as [id, times seen] pairs. The page compares them with what it
 * rendered (under the same environment filter); only indexed columns of the issue rows are read.
 */
export async function GET(request: Request): Promise<Response> {
  const context = await getAppContext();
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = input.safeParse(params);
  if (!parsed.success) return Response.json({ error: "Pass query, projectId and since." }, { status: 400 });
  const query = parseIssueQuery(parsed.data.query);
  if (!query.ok) return Response.json({ error: query.error.message }, { status: 400 });
  const issues = await listLiveIssueChanges(context, { projectId: parsed.data.projectId, query: scopeQueryToEnvironment(query.query, context.viewer.environmentFilter).query, since: parsed.data.since }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  });
  if (!issues) return Response.json({ error: "No such project." }, { status: 404 });
  return Response.json({ issues: issues.map((issue) => [issue.id, issue.timesSeen]) }, { headers: { "Cache-Control": "no-store" } });
}
