import { sql, type Kysely } from "kysely";
import { authorizeIssues, type AccessContext } from "../access/authorize";
import type { Database, IssueRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { compareReleases } from "./compare-releases";
import { recordActivity } from "./record-activity";
import { earliestFirstSeen, latestLastSeen } from "./seen-range-sql";

export interface MergeIssuesInput {
  issueIds: number[];
}

/**
 * Merges issues of one project into the one seen most often (as Sentry does): the others' hashes and
 * events move to it and their counters are added to its own; they stay behind with status "merged" so
 * that unmerge can bring them back. Returns the issue they were merged into.
 */
export async function mergeIssues(context: AccessContext, { issueIds }: MergeIssuesInput): Promise<{ issueId: number }> {
  const ids = [...new Set(issueIds)].sort((a, b) => a - b);
  if (ids.length < 2) throw new AppError("bad_request", "Choose at least two issues to merge.");
  await authorizeIssues(context, "issue.merge", ids);
  const { database } = context;
  const actor = context.viewer.actor;
  return writeTransaction(database, async (trx) => {
    const query = trx.selectFrom("issues").selectAll().where("id", "in", ids).orderBy("id");
    const issues = await (database.dialect === "postgres" ? query.forUpdate() : query).execute();
    if (issues.length !== ids.length) throw new AppError("not_found", "Some of these issues do not exist.");
    if (new Set(issues.map((issue) => issue.project_id)).size > 1) throw new AppError("bad_request", "Only issues of one project can be merged.");
    if (issues.some((issue) => issue.status === "merged")) throw new AppError("conflict", "One of these issues was already merged into another.");
    const target = [...issues].sort((a, b) => b.times_seen - a.times_seen || a.id - b.id)[0]!;
    const sources = issues.filter((issue) => issue.id !== target.id);
    for (const source of sources) await moveInto(trx, source, target, actor);
    const { users } = await trx.selectFrom("issue_users").select((eb) => eb.fn.countAll<number>().as("users")).where("issue_id", "=", target.id).executeTakeFirstOrThrow();
    await trx
      .updateTable("issues")
      .set({
        times_seen: target.times_seen,
        users_seen: Number(users),
        first_seen: target.first_seen,
        last_seen: target.last_seen,
        first_release: target.first_release,
        last_release: target.last_release,
      })
      .where("id", "=", target.id)
      .execute();
    await recordActivity(trx, target.id, "merge", actor, { issues: sources.map((source) => source.id) });
    return { issueId: target.id };
  });
}

async function moveInto(trx: Kysely<Database>, source: IssueRow, target: IssueRow, actor: string): Promise<void> {
  await trx.updateTable("issue_hashes").set({ issue_id: target.id }).where("issue_id", "=", source.id).execute();
  await trx.updateTable("events").set({ issue_id: target.id }).where("issue_id", "=", source.id).execute();
  await sql`insert into issue_hourly_counts (issue_id, hour, count)
    select ${target.id}, hour, count from issue_hourly_counts where issue_id = ${source.id}
    on conflict (issue_id, hour) do update set count = issue_hourly_counts.count + excluded.count`.execute(trx);
  await sql`insert into issue_environments (issue_id, environment, times_seen, first_seen, last_seen)
    select ${target.id}, environment, times_seen, first_seen, last_seen from issue_environments where issue_id = ${source.id}
    on conflict (issue_id, environment) do update set
      times_seen = issue_environments.times_seen + excluded.times_seen,
      first_seen = ${earliestFirstSeen("issue_environments")},
      last_seen = ${latestLastSeen("issue_environments")}`.execute(trx);
  await sql`insert into issue_tag_values (issue_id, key, value, times_seen, first_seen, last_seen)
    select ${target.id}, key, value, times_seen, first_seen, last_seen from issue_tag_values where issue_id = ${source.id}
    on conflict (issue_id, key, value) do update set
      times_seen = issue_tag_values.times_seen + excluded.times_seen,
      first_seen = ${earliestFirstSeen("issue_tag_values")},
      last_seen = ${latestLastSeen("issue_tag_values")}`.execute(trx);
  await sql`insert into issue_users (issue_id, user_key)
    select ${target.id}, user_key from issue_users where issue_id = ${source.id}
    on conflict (issue_id, user_key) do nothing`.execute(trx);
  for (const table of ["issue_hourly_counts", "issue_environments", "issue_users", "issue_tag_values"] as const) await trx.deleteFrom(table).where("issue_id", "=", source.id).execute();

  target.times_seen += source.times_seen;
  target.first_seen = Math.min(target.first_seen, source.first_seen);
  target.last_seen = Math.max(target.last_seen, source.last_seen);
  const firstSeenOf = () => undefined;
  if (source.first_release && (!target.first_release || compareReleases(source.first_release, target.first_release, firstSeenOf) < 0)) target.first_release = source.first_release;
  if (source.last_release && (!target.last_release || compareReleases(source.last_release, target.last_release, firstSeenOf) > 0)) target.last_release = source.last_release;

  await trx
    .updateTable("issues")
    .set({ status: "merged", merged_into_id: target.id, status_changed_at: Date.now() })
    .where("id", "=", source.id)
    .execute();
  // What unmerge restores: the state the issue had before it was merged.
  await recordActivity(trx, source.id, "merged_into", actor, {
    issue: target.id,
    previous: { status: source.status, substatus: source.substatus, resolution: source.resolution, ignore_condition: source.ignore_condition },
  });
}
