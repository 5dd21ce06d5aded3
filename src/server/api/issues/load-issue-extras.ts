import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ApiAssignee } from "../schemas";
import { getIssueStats, type StatsPeriod } from "./get-issue-stats";
import type { IssueExtras } from "./serialize-issue";

export interface IssueExtrasInput {
  issues: { id: number; project_id: number; assignee: string | null }[];
  /** The stats periods to include; none: no `stats` field. */
  statsPeriods: StatsPeriod[];
  now: number;
}

/**
 * Everything serializeIssue needs besides the rows, for a page of issues: their projects, comment counts,
 * assignees (a "user:<e-mail>" assignee — the actor form — is looked up; any other name is shown as it is) and stats — a fixed
 * number of queries per page, not per issue.
 */
export async function loadIssueExtras(db: Kysely<Database>, { issues, statsPeriods, now }: IssueExtrasInput): Promise<Map<number, IssueExtras>> {
  const extras = new Map<number, IssueExtras>();
  if (issues.length === 0) return extras;
  const ids = issues.map((issue) => issue.id);
  const userKeys = [...new Set(issues.flatMap((issue) => (issue.assignee?.startsWith("user:") ? [issue.assignee.slice(5)] : [])))];
  const [projects, comments, users, ...stats] = await Promise.all([
    db.selectFrom("projects").select(["id", "slug", "name", "platform"]).where("id", "in", [...new Set(issues.map((issue) => issue.project_id))]).execute(),
    db
      .selectFrom("issue_comments")
      .select((eb) => ["issue_id", eb.fn.countAll<number>().as("total")])
      .where("issue_id", "in", ids)
      .groupBy("issue_id")
      .execute(),
    userKeys.length > 0
      ? db
          .selectFrom("users")
          .select(["id", "name", "email"])
          .where((eb) => eb.or([eb("email", "in", userKeys), eb("id", "in", userKeys)]))
          .execute()
      : Promise.resolve([]),
    ...statsPeriods.map((period) => getIssueStats(db, ids, period, now)),
  ]);
  const projectById = new Map(projects.map((project) => [project.id, project]));
  const commentsOf = new Map(comments.map((row) => [Number(row.issue_id), Number(row.total)]));
  const userByKey = new Map(users.flatMap((user) => [[user.email, user] as const, [user.id, user] as const]));
  const assigneeOf = (name: string | null): ApiAssignee | null => {
    if (name === null) return null;
    const user = name.startsWith("user:") ? userByKey.get(name.slice(5)) : undefined;
    return user ? { type: "user", id: user.id, name: user.name, email: user.email } : { type: "user", id: name, name, email: null };
  };
  for (const issue of issues) {
    const project = projectById.get(issue.project_id);
    if (!project) continue;
    extras.set(issue.id, {
      project,
      numComments: commentsOf.get(issue.id) ?? 0,
      assignedTo: assigneeOf(issue.assignee),
      ...(statsPeriods.length > 0 ? { stats: Object.fromEntries(statsPeriods.map((period, index) => [period, stats[index]!.get(issue.id) ?? []])) } : {}),
    });
  }
  return extras;
}
