import type { Kysely } from "kysely";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { Database, IssueRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { getIssue } from "./get-issue";
import { recordActivity } from "./record-activity";
import { recountIssue } from "./recount-issue";

export interface UnmergeHashesInput {
  issueId: number;
  hashes: string[];
}

interface MergedState {
  status: string;
  substatus: string | null;
  resolution: string | null;
  ignore_condition: string | null;
}

/**
 * Takes hashes out of an issue, with the events that joined through them. When all of them came from one
 * issue that was merged into this one, that issue comes back as it was; otherwise a new issue takes them.
 * Both issues' counters are then recounted from their events. Returns the issue the hashes went to.
 */
export async function unmergeHashes(context: AccessContext, { issueId, hashes }: UnmergeHashesInput): Promise<{ issueId: number }> {
  await authorizeIssues(context, "issue.unmerge", [issueId]);
  const { database } = context;
  const actor = context.viewer.actor;
  const wanted = [...new Set(hashes)];
  if (wanted.length === 0) throw new AppError("bad_request", "Choose the hashes to unmerge.");
  return writeTransaction(database, async (trx) => {
    const issue = await getIssue(trx, issueId, database.dialect);
    const owned = await trx.selectFrom("issue_hashes").selectAll().where("issue_id", "=", issue.id).execute();
    const moving = owned.filter((row) => wanted.includes(row.hash));
    if (moving.length !== wanted.length) throw new AppError("bad_request", "Some of these hashes do not belong to this issue.");
    if (moving.length === owned.length) throw new AppError("bad_request", "An issue must keep at least one hash; unmerge fewer.");
    const origins = new Set(moving.map((row) => row.origin_issue_id));
    const origin = origins.size === 1 ? await findMergedOrigin(trx, [...origins][0]!, issue.id) : null;
    const destination = origin ? await revive(trx, origin) : await createEmptyIssue(trx, issue);
    await trx.updateTable("issue_hashes").set({ issue_id: destination }).where("project_id", "=", issue.project_id).where("hash", "in", wanted).execute();
    await trx.updateTable("events").set({ issue_id: destination }).where("issue_id", "=", issue.id).where("group_hash", "in", wanted).execute();
    await recountIssue(trx, destination);
    await recountIssue(trx, issue.id);
    await recordActivity(trx, issue.id, "unmerge_source", actor, { hashes: wanted, issue: destination });
    await recordActivity(trx, destination, "unmerge_destination", actor, { hashes: wanted, issue: issue.id });
    return { issueId: destination };
  });
}

async function findMergedOrigin(trx: Kysely<Database>, originId: number, issueId: number): Promise<IssueRow | null> {
  const origin = await trx.selectFrom("issues").selectAll().where("id", "=", originId).executeTakeFirst();
  return origin && origin.status === "merged" && origin.merged_into_id === issueId ? origin : null;
}

async function revive(trx: Kysely<Database>, origin: IssueRow): Promise<number> {
  const merged = await trx.selectFrom("issue_activity").select("data").where("issue_id", "=", origin.id).where("kind", "=", "merged_into").orderBy("id", "desc").limit(1).executeTakeFirst();
  const previous = (merged?.data ? (JSON.parse(merged.data) as { previous?: MergedState }).previous : undefined) ?? { status: "unresolved", substatus: "ongoing", resolution: null, ignore_condition: null };
  await trx
    .updateTable("issues")
    .set({ ...previous, merged_into_id: null, status_changed_at: Date.now() })
    .where("id", "=", origin.id)
    .execute();
  return origin.id;
}

async function createEmptyIssue(trx: Kysely<Database>, from: IssueRow): Promise<number> {
  const { id } = await trx
    .insertInto("issues")
    .values({ ...issueFacts(from), status: "unresolved", substatus: "new", resolution: null, ignore_condition: null, merged_into_id: null, times_seen: 0, users_seen: 0, status_changed_at: Date.now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The descriptive columns a new issue copies from the one it splits from; counters are recounted after. */
function issueFacts(issue: IssueRow) {
  const { project_id, type, title, culprit, level, priority, platform, first_seen, last_seen, first_release, last_release } = issue;
  return { project_id, type, title, culprit, level, priority, platform, first_seen, last_seen, first_release, last_release };
}
