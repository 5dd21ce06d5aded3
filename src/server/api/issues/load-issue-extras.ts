import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { AssigneeColumns } from "../../issues/owners/issue-assignee";
import { loadAssignees } from "../../issues/owners/load-assignees";
import type { ApiAssignee } from "../schemas";
import { getIssueStats, type StatsPeriod } from "./get-issue-stats";
import type { IssueExtras } from "./serialize-issue";

export interface IssueExtrasInput {
  issues: ({ id: number; project_id: number } & AssigneeColumns)[];
  /** The stats periods to include; none: no `stats` field. */
  statsPeriods: StatsPeriod[];
  now: number;
  /** Whose bookmarks `isBookmarked` reads (the caller's user id). */
  viewerUserId: string;
}

/**
 * Everything serializeIssue needs besides the rows, for a page of issues: their projects, comment counts,
 * assignees (Sentry's actor objects: a person with name and e-mail, a team by its slug), the caller's
 * bookmarks and stats — a fixed number of queries per page, not per issue.
 */
export async function loadIssueExtras(db: Kysely<Database>, { issues, statsPeriods, now, viewerUserId }: IssueExtrasInput): Promise<Map<number, IssueExtras>> {
  const extras = new Map<number, IssueExtras>();
  if (issues.length === 0) return extras;
  const ids = issues.map((issue) => issue.id);
  const [projects, comments, assignees, bookmarks, ...stats] = await Promise.all([
    db.selectFrom("projects").select(["id", "slug", "name", "platform"]).where("id", "in", [...new Set(issues.map((issue) => issue.project_id))]).execute(),
    db
      .selectFrom("issue_comments")
      .select((eb) => ["issue_id", eb.fn.countAll<number>().as("total")])
      .where("issue_id", "in", ids)
      .groupBy("issue_id")
      .execute(),
    loadAssignees(db, issues),
    db.selectFrom("issue_bookmarks").select("issue_id").where("user_id", "=", viewerUserId).where("issue_id", "in", ids).execute(),
    ...statsPeriods.map((period) => getIssueStats(db, ids, period, now)),
  ]);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const commentsOf = new Map(comments.map((row) => [Number(row.issue_id), Number(row.total)]));
  const bookmarked = new Set(bookmarks.map((row) => Number(row.issue_id)));
  for (const issue of issues) {
    const project = projectById.get(issue.project_id);
    if (!project) continue;
    const assignee = assignees.get(issue.id);
    const assignedTo: ApiAssignee | null = !assignee ? null : assignee.type === "user" ? { type: "user", id: assignee.id, name: assignee.name, email: assignee.email } : { type: "team", id: assignee.id, name: assignee.slug };
    extras.set(issue.id, {
      project,
      numComments: commentsOf.get(issue.id) ?? 0,
      assignedTo,
      isBookmarked: bookmarked.has(issue.id),
      ...(statsPeriods.length > 0 ? { stats: Object.fromEntries(statsPeriods.map((period, index) => [period, stats[index]!.get(issue.id) ?? []])) } : {}),
    });
  }
  return extras;
}
