import { z } from "zod";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { wakeAlertSender } from "../alerts/alert-sender";
import { enqueueWorkflowEmail } from "../alerts/enqueue-workflow-email";
import { getIssue } from "./get-issue";
import type { IssueComment } from "./list-issue-comments";
import { recordActivity } from "./record-activity";

export const maxCommentChars = 10_000;

export const AddIssueCommentInput = z.object({
  issueId: z.number().int().positive(),
  body: z.string().trim().min(1, "Write something first.").max(maxCommentChars, `A comment has at most ${maxCommentChars.toLocaleString("en")} characters.`),
});
export type AddIssueCommentInput = z.input<typeof AddIssueCommentInput>;

/** Adds the viewer's comment (1–10,000 characters, trimmed) and notes it in the issue's activity, in one transaction. */
export async function addIssueComment(context: AccessContext, input: AddIssueCommentInput): Promise<IssueComment> {
  const parsed = AddIssueCommentInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This comment cannot be saved.");
  const { issueId, body } = parsed.data;
  await authorizeIssues(context, "issue.comment", [issueId]);
  const { database } = context;
  const author = context.viewer.actor;
  let notified = false;
  const comment = await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    const createdAt = Date.now();
    const { id } = await trx.insertInto("issue_comments").values({ issue_id: issueId, author, body, created_at: createdAt }).returning("id").executeTakeFirstOrThrow();
    // Sentry calls a comment a "note" in the activity stream.
    await recordActivity(trx, issueId, "note", author, { commentId: id });
    notified = await enqueueWorkflowEmail(trx, { issue, reason: "comment", actor: author, comment: body });
    return { id, author, body, createdAt };
  });
  if (notified) wakeAlertSender();
  return comment;
}
