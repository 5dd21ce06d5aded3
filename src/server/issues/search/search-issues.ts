import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { AppError } from "../../errors";
import { decodeIssueCursor, encodeIssueCursor, type IssueSort } from "./issue-cursor";
import type { IssueQuery } from "./issue-query";
import { selectMatchingIssues } from "./select-matching-issues";
import type { IssueListItem } from "@/lib/views/issues";
export type { IssueListItem } from "@/lib/views/issues";

/** The columns of an issue list row (IssueListItem), for a select joined with `projects`. */
export const issueListColumns = [
  "issues.id as id",
  "issues.project_id as projectId",
  "projects.slug as projectSlug",
  "projects.name as projectName",
  "issues.title as title",
  "issues.culprit as culprit",
  "issues.level as level",
  "issues.status as status",
  "issues.substatus as substatus",
  "issues.times_seen as timesSeen",
  "issues.users_seen as usersSeen",
  "issues.first_seen as firstSeen",
  "issues.last_seen as lastSeen",
  "issues.last_release as lastRelease",
  "issues.assignee_user_id as assigneeUserId",
  "issues.assignee_team_id as assigneeTeamId",
  "issues.priority as priority",
] as const;

export interface SearchIssuesInput {
  projectId?: number;
  query: IssueQuery;
  sort: IssueSort;
  /** From a previous page's `nextCursor`. */
  cursor?: string | null;
  limit: number;
  /** What relative times count from (epoch ms); defaults to the current time. */
  now?: number;
  /** Who `assigned:me` is; defaults to the dashboard's actor. */
  me: string;
  /** The projects the viewer may see (null: all). */
  visibleProjectIds: number[] | null;
}

export interface IssuePage {
  issues: IssueListItem[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of the issues a query matches, in descending order of the sort column then id. Reads only the
 * issue rows, their projects and (for tag filters) indexed tag values; each sort has an index per
 * (project, status), and the cursor turns "the next page" into a range on (sort value, id).
 */
export async function searchIssues(db: Kysely<Database>, input: SearchIssuesInput): Promise<IssuePage> {
  const { projectId, query, sort, cursor, limit, now, me, visibleProjectIds } = input;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new AppError("bad_request", "Ask for 1 to 100 issues per page.");
  const column = `issues.${sort}` as const;
  let select = selectMatchingIssues(db, { projectId, query, now, me, visibleProjectIds });
  if (cursor) {
    const after = decodeIssueCursor(cursor, sort);
    // The plain bound lets the sort index narrow the range; the row comparison settles ties by id.
    select = select.where(column, "<=", after.value).where((eb) => eb(eb.refTuple(column, "issues.id"), "<", eb.tuple(after.value, after.id)));
  }
  const rows = await select
    .innerJoin("projects", "projects.id", "issues.project_id")
    .select(issueListColumns)
    .orderBy(column, "desc")
    .orderBy("issues.id", "desc")
    .limit(limit + 1)
    .execute();
  const issues = rows.slice(0, limit);
  const last = issues.at(-1);
  const sortValue = (issue: IssueListItem) => ({ last_seen: issue.lastSeen, first_seen: issue.firstSeen, times_seen: issue.timesSeen, users_seen: issue.usersSeen })[sort];
  return { issues, nextCursor: rows.length > limit && last ? encodeIssueCursor({ sort, value: sortValue(last), id: last.id }) : null };
}
