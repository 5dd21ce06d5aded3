import { authorizeIssues, type AccessContext } from "../access/authorize";
import { getIssue } from "./get-issue";
import { loadAssignees } from "./owners/load-assignees";
import type { IssueDetails } from "@/lib/views/issues";
export type { IssueDetails } from "@/lib/views/issues";

function parseData(data: string | null): Record<string, unknown> | null {
  if (!data) return null;
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The issue with its project and what the issue page shows around the event: environments, hashes,
 * activity. No payload is read here; the event on display comes from events/get-issue-event.
 */
export async function getIssueDetails(context: AccessContext, issueId: number): Promise<IssueDetails> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const issue = await getIssue(db, issueId);
  const [project, environments, hashes, activity, counted, assignees, bookmark] = await Promise.all([
    db.selectFrom("projects").select(["id", "slug", "name"]).where("id", "=", issue.project_id).executeTakeFirstOrThrow(),
    db.selectFrom("issue_environments").select(["environment", "times_seen as timesSeen"]).where("issue_id", "=", issue.id).orderBy("times_seen", "desc").orderBy("environment").execute(),
    db.selectFrom("issue_hashes").select(["hash", "origin_issue_id as originIssueId"]).where("issue_id", "=", issue.id).orderBy("hash").execute(),
    db.selectFrom("issue_activity").selectAll().where("issue_id", "=", issue.id).orderBy("id", "desc").limit(100).execute(),
    db.selectFrom("events").select((eb) => eb.fn.countAll<number>().as("total")).where("issue_id", "=", issue.id).executeTakeFirstOrThrow(),
    loadAssignees(db, [issue]),
    db.selectFrom("issue_bookmarks").select("issue_id").where("issue_id", "=", issue.id).where("user_id", "=", context.viewer.userId).executeTakeFirst(),
  ]);
  return {
    issue,
    project,
    environments,
    hashes,
    activity: activity.map((row) => ({ id: row.id, kind: row.kind, actor: row.actor, data: parseData(row.data), createdAt: row.created_at })),
    eventCount: Number(counted.total),
    assignee: assignees.get(issue.id) ?? null,
    isBookmarked: bookmark !== undefined,
  };
}
