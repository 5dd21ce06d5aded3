import { z } from "zod";
import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { addIssueComment, maxCommentChars } from "../../issues/add-issue-comment";
import { requireOrganization } from "../organization";
import { findApiIssue } from "./find-api-issue";
import { serializeActivities, type ApiIssueActivity } from "./list-api-issue-activities";

const duplicateWindowMs = 60 * 60_000;

export const ApiIssueNoteInput = z.object({
  text: z.string().trim().min(1, "Write something first.").max(maxCommentChars),
  mentions: z.array(z.string().max(320)).max(100).optional(),
});

/**
 * `GET /organizations/{org}/issues/{id}/notes/`: the issue's comments (Sentry's notes) as `note` activities,
 * newest first (`limit` of them, at most 100).
 */
export async function listApiIssueNotes(context: AccessContext, input: { organizationSlug?: string; issueRef: string; limit?: number }): Promise<ApiIssueActivity[]> {
  if (input.organizationSlug !== undefined) requireOrganization(context.config, input.organizationSlug);
  const issue = await findApiIssue(context, input.issueRef, "issue.read");
  const rows = await context.db
    .selectFrom("issue_activity")
    .select(["id", "kind", "actor", "data", "created_at"])
    .where("issue_id", "=", issue.id)
    .where("kind", "=", "note")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(input.limit ?? 100, 1), 100))
    .execute();
  return serializeActivities(context, rows.map((row) => ({ ...row, id: Number(row.id), created_at: Number(row.created_at) })));
}

/**
 * `POST /organizations/{org}/issues/{id}/notes/` `{text}`: comments on the issue as the credential's user
 * and answers the `note` activity (the route sends 201). The same text by the same person on the same issue
 * within an hour is refused (400), as Sentry refuses a duplicate note.
 */
export async function createApiIssueNote(context: AccessContext, input: { organizationSlug?: string; issueRef: string; text: unknown }): Promise<ApiIssueActivity> {
  if (input.organizationSlug !== undefined) requireOrganization(context.config, input.organizationSlug);
  const parsed = ApiIssueNoteInput.shape.text.safeParse(input.text);
  if (!parsed.success) throw new AppError("bad_request", `Invalid text: ${parsed.error.issues[0]?.message ?? "expected a string"}`);
  const issue = await findApiIssue(context, input.issueRef, "issue.read");
  const duplicate = await context.db
    .selectFrom("issue_comments")
    .select("id")
    .where("issue_id", "=", issue.id)
    .where("author", "=", context.viewer.actor)
    .where("body", "=", parsed.data)
    .where("created_at", ">", Date.now() - duplicateWindowMs)
    .executeTakeFirst();
  if (duplicate) throw new AppError("bad_request", "You have already posted that comment.");
  const comment = await addIssueComment(context, { issueId: issue.id, body: parsed.data });
  const recent = await context.db.selectFrom("issue_activity").select(["id", "kind", "actor", "data", "created_at"]).where("issue_id", "=", issue.id).where("kind", "=", "note").orderBy("id", "desc").limit(20).execute();
  const row = recent.find((candidate) => candidate.data !== null && (JSON.parse(candidate.data) as { commentId?: unknown }).commentId === Number(comment.id));
  if (!row) throw new Error(`the note of comment ${comment.id} was not recorded`);
  const [activity] = await serializeActivities(context, [{ ...row, id: Number(row.id), created_at: Number(row.created_at) }]);
  return activity!;
}
