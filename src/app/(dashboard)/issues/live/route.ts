import { z } from "zod";
import { issueListScope } from "@/server/access/viewer";
import { getAppContext } from "@/server/app-context";
import { listRecentlySeenIssues } from "@/server/issues/search/list-recently-seen-issues";
import { parseIssueQuery } from "@/server/issues/search/parse-issue-query";

const input = z.object({
  query: z.string().max(500).default(""),
  projectId: z.coerce.number().int().positive().optional(),
  since: z.coerce.number().int().nonnegative(),
});

/**
 * GET /issues/live?query=…&projectId=…&since=… — the issue list's live check, polled every few seconds:
 * the matching issues seen since `since` as [id, times seen] pairs. The page compares them with what it
 * rendered; only indexed columns of the issue rows are read.
 */
export async function GET(request: Request): Promise<Response> {
  const { db, viewer } = await getAppContext();
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = input.safeParse(params);
  if (!parsed.success) return Response.json({ error: "Pass query, projectId and since." }, { status: 400 });
  const query = parseIssueQuery(parsed.data.query);
  if (!query.ok) return Response.json({ error: query.error.message }, { status: 400 });
  const issues = await listRecentlySeenIssues(db, { projectId: parsed.data.projectId, query: query.query, since: parsed.data.since, now: Date.now(), ...issueListScope(viewer) });
  return Response.json({ issues: issues.map((issue) => [issue.id, issue.timesSeen]) }, { headers: { "Cache-Control": "no-store" } });
}
