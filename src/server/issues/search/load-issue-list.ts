import { authorize, authorizeProjectId, type AccessContext } from "../../access/authorize";
import { issueListScope } from "../../access/viewer";
import { isAppError } from "../../errors";
import { loadAssignees } from "../owners/load-assignees";
import { getIssueSparklines } from "./get-issue-sparklines";
import type { IssueSort } from "./issue-cursor";
import { findUnknownSearchKey } from "./find-unknown-search-key";
import { findUnhandledIssues } from "./find-unhandled-issues";
import { defaultIssueQuery } from "./issue-query";
import { listRecentlySeenIssues } from "./list-recently-seen-issues";
import { parseIssueQuery } from "./parse-issue-query";
import { scopeQueryToEnvironment } from "./scope-query-to-environment";
import { searchIssues, type IssuePage } from "./search-issues";
import type { IssueListData } from "@/lib/views/issues";
export type { IssueListData } from "@/lib/views/issues";

export interface LoadIssueListInput {
  projectId?: number;
  /** The URL's query; undefined (no parameter) means the default, `is:unresolved`. */
  query: string | undefined;
  sort: IssueSort;
  cursor?: string;
  /** The header's environment filter (the viewer's pick); the query's own `environment:` wins over it. */
  environment?: string | null;
  /** Defaults to the current time. */
  now?: number;
  limit?: number;
}

/** The live check looks this far back, so an event digested a little after its timestamp is not missed. */
export const liveLookbackMs = 60 * 60_000;

/**
 * Everything the issue list page shows: the query read (or its error), one page of issues with their
 * 24-hour sparklines (one query for the page), and the baseline for the live check on the first page.
 */
export async function loadIssueList(context: AccessContext, input: LoadIssueListInput): Promise<IssueListData> {
  await authorizeIssueList(context, input.projectId);
  const { db } = context;
  const queryText = (input.query ?? defaultIssueQuery).trim();
  const now = input.now ?? Date.now();
  const empty = { queryText, now, issues: [], nextCursor: null, live: null };
  const typed = parseIssueQuery(queryText);
  if (!typed.ok) return { ...empty, error: typed.error };
  const { query, scope: environmentScope } = scopeQueryToEnvironment(typed.query, input.environment);
  const parsed = { query };
  const { projectId, sort, cursor } = input;
  const { me, visibleProjectIds } = issueListScope(context.viewer);
  const unknownKey = await findUnknownSearchKey(db, parsed.query, { projectId, visibleProjectIds });
  if (unknownKey) return { ...empty, error: unknownKey };
  let page: IssuePage;
  try {
    page = await searchIssues(db, { projectId, query: parsed.query, sort, cursor, limit: input.limit ?? 50, now, me, visibleProjectIds });
  } catch (error) {
    if (isAppError(error) && error.code === "bad_request") return { ...empty, error: { message: error.message, position: null, length: 0 } };
    throw error;
  }
  const sparklines = await getIssueSparklines(db, page.issues.map((issue) => issue.id), now);
  const assignees = await loadAssignees(db, page.issues.map((issue) => ({ id: issue.id, assignee_user_id: issue.assigneeUserId, assignee_team_id: issue.assigneeTeamId })));
  const unhandled = await findUnhandledIssues(db, page.issues.map((issue) => issue.id));
  const since = now - liveLookbackMs;
  const baseline = cursor ? null : await listRecentlySeenIssues(db, { projectId, query: parsed.query, since, now, me, visibleProjectIds });
  return {
    queryText,
    now,
    error: null,
    issues: page.issues.map((issue) => ({ ...issue, sparkline: sparklines.get(issue.id) ?? [], assignee: assignees.get(issue.id) ?? null, isUnhandled: unhandled.has(issue.id) })),
    nextCursor: page.nextCursor,
    live: baseline ? { since, baseline: baseline.map((issue) => [issue.id, issue.timesSeen]) } : null,
    environmentScope,
  };
}

/** Lists of one project need that project to be visible (404 otherwise); lists of all are filtered to what is. */
export async function authorizeIssueList(context: AccessContext, projectId: number | undefined): Promise<void> {
  if (projectId === undefined) authorize(context, "issue.list");
  else await authorizeProjectId(context, "issue.list", projectId);
}
