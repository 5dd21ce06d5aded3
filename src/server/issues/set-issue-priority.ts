import { z } from "zod";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { getIssue } from "./get-issue";
import { issuePriorities, type IssuePriority } from "./owners/issue-priority";
import { recordActivity } from "./record-activity";

export const SetIssuePriorityInput = z.object({
  issueId: z.number().int().positive(),
  priority: z.enum(issuePriorities, { message: "A priority is high, medium or low." }),
});
export type SetIssuePriorityInput = z.input<typeof SetIssuePriorityInput>;

/**
 * Changes an issue's priority by hand and records it in the activity ("set_priority", with the previous
 * one); the same priority again changes and records nothing.
 */
export async function setIssuePriority(context: AccessContext, input: SetIssuePriorityInput): Promise<{ priority: IssuePriority }> {
  const parsed = SetIssuePriorityInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "A priority is high, medium or low.");
  const { issueId, priority } = parsed.data;
  await authorizeIssues(context, "issue.set_priority", [issueId]);
  const { database } = context;
  return writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another; change that one.");
    if (issue.priority === priority) return { priority };
    await trx.updateTable("issues").set({ priority }).where("id", "=", issueId).execute();
    await recordActivity(trx, issueId, "set_priority", context.viewer.actor, { priority, previous: issue.priority });
    return { priority };
  });
}
