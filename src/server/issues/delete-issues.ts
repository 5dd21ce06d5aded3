import type { Kysely } from "kysely";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { deleteRawEnvelopesOfIssues } from "../storage/raw-delete-issue-envelopes";
import { retryDeadlocks } from "../db/retry-deadlocks";
import { lockAgainstDigest } from "./lock-against-digest";

export interface DeleteIssuesInput {
  issueIds: number[];
}

export const perIssueTables = ["issue_hourly_counts", "issue_users", "issue_environments", "issue_tag_values", "issue_activity", "issue_comments", "issue_hashes", "issue_minute_counts", "alert_rule_fires"] as const;

/**
 * Deletes issues for good: their events (and those events' attachments), hashes, counters, tag values,
 * activity and comments, together with the issues once merged into them (whose events they hold). A later
 * event with one of their hashes starts a new issue. Their events' raw envelopes go too (unscrubbed data
 * the received list would still show). Returns how many issues were deleted, merged ones included.
 */
export async function deleteIssues(context: AccessContext, { issueIds }: DeleteIssuesInput): Promise<number> {
  const requested = [...new Set(issueIds)];
  if (requested.length === 0) throw new AppError("bad_request", "Choose the issues to delete.");
  if (requested.length > 100) throw new AppError("bad_request", "Delete at most 100 issues at once.");
  await authorizeIssues(context, "issue.delete", requested);
  const { database } = context;
  return retryDeadlocks(database, () => writeTransaction(database, async (trx) => {
    if (database.dialect === "postgres") await lockAgainstDigest(trx, { issueIds: requested });
    const ids = await withMergedIssues(trx, requested);
    if (ids.length === 0) return 0;
    await trx
      .deleteFrom("attachments")
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("events")
            .select("events.id")
            .where("events.issue_id", "in", ids)
            .whereRef("events.project_id", "=", "attachments.project_id")
            .whereRef("events.event_id", "=", "attachments.event_id"),
        ),
      )
      .execute();
    await deleteRawEnvelopesOfIssues(trx, ids);
    await trx.deleteFrom("events").where("issue_id", "in", ids).execute();
    // A hash moved into a surviving issue keeps working there; only its way back (unmerge) pointed here.
    await trx.updateTable("issue_hashes").set((eb) => ({ origin_issue_id: eb.ref("issue_id") })).where("origin_issue_id", "in", ids).where("issue_id", "not in", ids).execute();
    for (const table of perIssueTables) await trx.deleteFrom(table).where("issue_id", "in", ids).execute();
    const deleted = await trx.deleteFrom("issues").where("id", "in", ids).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }));
}

/** The issues and, transitively, every issue merged into them. */
async function withMergedIssues(trx: Kysely<Database>, issueIds: number[]): Promise<number[]> {
  const existing = await trx.selectFrom("issues").select("id").where("id", "in", issueIds).execute();
  const all = new Set(existing.map((row) => row.id));
  let frontier = [...all];
  while (frontier.length > 0) {
    const merged = await trx.selectFrom("issues").select("id").where("merged_into_id", "in", frontier).execute();
    frontier = merged.map((row) => row.id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all].sort((a, b) => a - b);
}
