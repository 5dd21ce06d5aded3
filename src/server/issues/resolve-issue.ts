import { authorizeIssues, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { getIssue } from "./get-issue";
import type { IssueResolution } from "./issue-status";
import { recordActivity } from "./record-activity";

export type ResolveIssueInput =
  | { issueId: number; kind: "now" }
  | { issueId: number; kind: "in_release"; release: string }
  | { issueId: number; kind: "next_release" };

/**
 * Resolves an issue: now (any new event reopens it), in release X (only events from X or later do), or in
 * the next release (only events from a release newer than the project's newest when resolving do).
 */
export async function resolveIssue(context: AccessContext, input: ResolveIssueInput): Promise<void> {
  await authorizeIssues(context, "issue.resolve", [input.issueId]);
  const { database } = context;
  await writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, input.issueId, database.dialect);
    if (issue.status === "merged") throw new AppError("conflict", "This issue was merged into another; resolve that one.");
    let resolution: IssueResolution;
    if (input.kind === "in_release") {
      const release = input.release.trim();
      if (release === "") throw new AppError("bad_request", "Name the release the issue is resolved in.");
      resolution = { kind: "in_release", release };
    } else if (input.kind === "next_release") {
      const newest = await trx.selectFrom("releases").select("version").where("project_id", "=", issue.project_id).orderBy("first_seen", "desc").limit(1).executeTakeFirst();
      resolution = { kind: "next_release", afterRelease: newest?.version ?? null };
    } else {
      resolution = { kind: "now" };
    }
    await trx
      .updateTable("issues")
      .set({ status: "resolved", substatus: null, resolution: JSON.stringify(resolution), ignore_condition: null, status_changed_at: Date.now() })
      .where("id", "=", issue.id)
      .execute();
    const kind = resolution.kind === "now" ? "set_resolved" : resolution.kind === "in_release" ? "set_resolved_in_release" : "set_resolved_in_next_release";
    await recordActivity(trx, issue.id, kind, context.viewer.actor, resolution.kind === "now" ? null : resolution);
  });
}
