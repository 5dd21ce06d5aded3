import { z } from "zod";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { wakeAlertSender } from "../alerts/alert-sender";
import { enqueueWorkflowEmail } from "../alerts/enqueue-workflow-email";
import { getIssue } from "./get-issue";
import { recordActivity } from "./record-activity";

export const AssignIssueInput = z.object({
  issueId: z.number().int().positive(),
  /** A free-text name until Lantern has accounts; empty or null unassigns. */
  assignee: z
    .string()
    .trim()
    .max(100, "A name has at most 100 characters.")
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "A name cannot contain control characters.")
    .nullable()
    .transform((name) => (name === "" ? null : name)),
});
export type AssignIssueInput = z.input<typeof AssignIssueInput>;

/**
 * Sets (or clears) who is on an issue and records it in the activity as "assigned" / "unassigned";
 * assigning the current assignee again changes nothing and records nothing.
 */
export async function assignIssue(context: AccessContext, input: AssignIssueInput): Promise<{ assignee: string | null }> {
  const parsed = AssignIssueInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This name cannot be used.");
  const { issueId, assignee } = parsed.data;
  await authorizeIssues(context, "issue.assign", [issueId]);
  const { database } = context;
  const actor = context.viewer.actor;
  let notified = false;
  const result = await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another; assign that one.");
    if (issue.assignee === assignee) return { assignee };
    await trx.updateTable("issues").set({ assignee }).where("id", "=", issueId).execute();
    await recordActivity(trx, issueId, assignee === null ? "unassigned" : "assigned", actor, assignee === null ? { previous: issue.assignee } : { assignee });
    if (assignee !== null) notified = await enqueueWorkflowEmail(trx, { issue: { ...issue, assignee }, reason: "assigned", actor });
    return { assignee };
  });
  if (notified) wakeAlertSender();
  return result;
}
