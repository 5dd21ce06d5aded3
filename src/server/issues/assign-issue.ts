import { z } from "zod";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { wakeAlertSender } from "../alerts/alert-sender";
import { enqueueWorkflowEmail } from "../alerts/enqueue-workflow-email";
import { getIssue } from "./get-issue";
import { recordActivity } from "./record-activity";
import { actorOf, assigneeColumns, assigneeLabel, assigneeOf, type Assignee } from "./owners/issue-assignee";
import { listProjectOwners } from "./owners/list-project-owners";
import { loadAssignees } from "./owners/load-assignees";
import { resolveAssignee } from "./owners/resolve-assignee";

export const AssignIssueInput = z.object({
  issueId: z.number().int().positive(),
  /**
   * Whom to assign, as Sentry's `assignedTo` names them: "user:<id>", "team:<id>", "#team-slug", an e-mail
   * address or a person's name; empty or null unassigns.
   */
  assignee: z
    .string()
    .trim()
    .max(320, "An assignee has at most 320 characters.")
    .nullable()
    .transform((text) => (text === "" ? null : text)),
});
export type AssignIssueInput = z.input<typeof AssignIssueInput>;

/**
 * Assigns an issue to a person or a team who can see its project (or to nobody) and records it in the
 * activity as "assigned" / "unassigned"; assigning the current assignee again changes nothing and records
 * nothing. The new assignee — a person, or each member of a team — gets the workflow e-mail.
 */
export async function assignIssue(context: AccessContext, input: AssignIssueInput): Promise<{ assignee: Assignee | null }> {
  const parsed = AssignIssueInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This assignee cannot be used.");
  const { issueId, assignee: text } = parsed.data;
  await authorizeIssues(context, "issue.assign", [issueId]);
  const { database } = context;
  const actor = context.viewer.actor;
  let notified = false;
  const result = await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another; assign that one.");
    const wanted = text === null ? null : resolveAssignee(await listProjectOwners(trx, issue.project_id), text);
    const current = assigneeOf(issue);
    const [before] = [...(await loadAssignees(trx, [issue])).values()];
    if ((current === null ? null : actorOf(current)) === (wanted === null ? null : actorOf(wanted))) return { assignee: before ?? null };
    const columns = assigneeColumns(wanted);
    await trx.updateTable("issues").set(columns).where("id", "=", issueId).execute();
    const updated = { ...issue, ...columns };
    const [after] = [...(await loadAssignees(trx, [updated])).values()];
    if (wanted === null) {
      await recordActivity(trx, issueId, "unassigned", actor, before ? { previous: assigneeLabel(before), from: current && actorOf(current) } : null);
    } else {
      await recordActivity(trx, issueId, "assigned", actor, { assignee: after ? assigneeLabel(after) : actorOf(wanted), to: actorOf(wanted) });
      notified = await enqueueWorkflowEmail(trx, { issue: updated, reason: "assigned", actor });
    }
    return { assignee: after ?? null };
  });
  if (notified) wakeAlertSender();
  return result;
}
