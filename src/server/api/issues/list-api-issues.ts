import { authorize, type AccessContext } from "../../access/authorize";
import { visibleProjectIds } from "../../access/viewer";
import type { IssueRow } from "../../db/schema";
import { AppError } from "../../errors";
import { findUnknownSearchKey } from "../../issues/search/find-unknown-search-key";
import { selectMatchingIssues } from "../../issues/search/select-matching-issues";
import { keysetPage, type PageLink } from "../pagination";
import type { ApiIssue } from "../schemas";
import { loadIssueExtras } from "./load-issue-extras";
import type { IssueListRequest } from "./parse-issue-list-request";
import { serializeIssue } from "./serialize-issue";

export interface ListApiIssuesInput {
  /** A project's list; without it, the organization's. */
  projectId?: number;
  /** The organization's list narrowed to these (already authorized) projects; absent: every project the viewer sees. */
  projectIds?: number[];
  request: IssueListRequest;
  now?: number;
}

export interface ApiIssuePage {
  issues: ApiIssue[];
  previous: PageLink;
  next: PageLink;
}

/**
 * One page of the issues a query matches, newest (by the sort) first, through the issue list's own search
 * (selectMatchingIssues: the query language, merged issues never, only projects the viewer may see),
 * paged by keyset in both directions as Sentry's Link header offers them.
 */
export async function listApiIssues(context: AccessContext, input: ListApiIssuesInput): Promise<ApiIssuePage> {
  authorize(context, "issue.list");
  const { db, viewer, config } = context;
  const { query, sort, cursor, limit, statsPeriods } = input.request;
  const now = input.now ?? Date.now();
  const visible = visibleProjectIds(viewer);
  const projects = input.projectIds ? input.projectIds.filter((id) => visible === null || visible.includes(id)) : visible;
  const unknownKey = await findUnknownSearchKey(db, query, { projectId: input.projectId, visibleProjectIds: projects });
  if (unknownKey) throw new AppError("bad_request", `Invalid query: ${unknownKey.message}`);
  const column = `issues.${sort}` as const;
  let select = selectMatchingIssues(db, { projectId: input.projectId, query, now, me: viewer.actor, visibleProjectIds: projects }).selectAll("issues");
  if (cursor?.isPrevious) {
    select = select
      .where(column, ">=", cursor.value)
      .where((eb) => eb(eb.refTuple(column, "issues.id"), ">", eb.tuple(cursor.value, cursor.id)))
      .orderBy(column, "asc")
      .orderBy("issues.id", "asc");
  } else {
    if (cursor) select = select.where(column, "<=", cursor.value).where((eb) => eb(eb.refTuple(column, "issues.id"), "<", eb.tuple(cursor.value, cursor.id)));
    select = select.orderBy(column, "desc").orderBy("issues.id", "desc");
  }
  const fetched: IssueRow[] = await select.limit(limit + 1).execute();
  const page = keysetPage(fetched, limit, cursor, (issue) => Number(issue[sort]));
  const extras = await loadIssueExtras(db, { issues: page.rows, statsPeriods, now, viewerUserId: viewer.userId });
  const issues = page.rows.flatMap((issue) => {
    const extra = extras.get(issue.id);
    return extra ? [serializeIssue(issue, extra, config.publicUrl)] : [];
  });
  return { issues, previous: page.previous, next: page.next };
}
