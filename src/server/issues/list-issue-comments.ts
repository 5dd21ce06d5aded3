import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { IssueComment } from "@/lib/views/issues";
export type { IssueComment } from "@/lib/views/issues";

const maxComments = 500;

/** The issue's comments as a conversation, oldest first (the newest 500 when there are more). */
export async function listIssueComments(context: AccessContext, issueId: number): Promise<IssueComment[]> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const rows = await db
    .selectFrom("issue_comments")
    .select(["id", "author", "body", "created_at as createdAt"])
    .where("issue_id", "=", issueId)
    .orderBy("id", "desc")
    .limit(maxComments)
    .execute();
  return rows.reverse();
}
