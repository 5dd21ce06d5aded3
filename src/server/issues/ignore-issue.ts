import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { getIssue } from "./get-issue";
import type { IgnoreCondition } from "./issue-status";
import { recordActivity } from "./record-activity";

export type IgnoreUntil =
  | { kind: "forever" }
  | { kind: "count"; count: number }
  | { kind: "users"; count: number }
  | { kind: "duration"; minutes: number };

export interface IgnoreIssueInput {
  issueId: number;
  until: IgnoreUntil;
}

/**
 * Ignores (archives) an issue forever, until it occurs N more times, until it affects N more users, or for
 * a duration. Digest wakes it when the condition is met (see record-event-on-issue).
 */
export async function ignoreIssue(context: AccessContext, { issueId, until }: IgnoreIssueInput): Promise<void> {
  await authorizeIssues(context, "issue.ignore", [issueId]);
  const { database } = context;
  const actor = context.viewer.actor;
  const amount = until.kind === "forever" ? 1 : until.kind === "duration" ? until.minutes : until.count;
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new AppError("bad_request", "The ignore condition needs a positive whole number.");
  }
  await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another; ignore that one.");
    const now = Date.now();
    const condition: IgnoreCondition =
      until.kind === "forever"
        ? { kind: "forever" }
        : until.kind === "count"
          ? { kind: "count", count: until.count, baseline: issue.times_seen }
          : until.kind === "users"
            ? { kind: "users", count: until.count, baseline: issue.users_seen }
            : { kind: "duration", until: now + until.minutes * 60_000, minutes: until.minutes };
    await trx
      .updateTable("issues")
      .set({
        status: "ignored",
        substatus: condition.kind === "forever" ? "archived_forever" : "archived_until_condition_met",
        ignore_condition: JSON.stringify(condition),
        resolution: null,
        status_changed_at: now,
      })
      .where("id", "=", issue.id)
      .execute();
    await recordActivity(trx, issue.id, "set_ignored", actor, condition);
  });
}
