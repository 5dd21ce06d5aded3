import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { getIssue } from "./get-issue";
import { recordActivity } from "./record-activity";

/** Reopens a resolved or ignored issue by hand: unresolved, ongoing. */
export async function unresolveIssue(context: AccessContext, { issueId }: { issueId: number }): Promise<void> {
  await authorizeIssues(context, "issue.unresolve", [issueId]);
  const { database } = context;
  const actor = context.viewer.actor;
  await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another.");
    if (issue.status === "unresolved") return;
    await trx
      .updateTable("issues")
      .set({ status: "unresolved", substatus: "ongoing", resolution: null, ignore_condition: null, status_changed_at: Date.now() })
      .where("id", "=", issue.id)
      .execute();
    await recordActivity(trx, issue.id, "set_unresolved", actor);
  });
}
