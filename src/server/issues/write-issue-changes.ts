import { sql, type Insertable, type Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database, IssueEnvironmentsTable, IssueHashesTable, IssueHourlyCountsTable, IssueMinuteCountsTable, IssueRow, IssueTagValuesTable, IssueUsersTable, ProjectTagValuesTable, ReleasesTable } from "../db/schema";
import type { ActivityEntry } from "./record-event-on-issue";
import { earliestFirstSeen, latestLastSeen } from "./seen-range-sql";

/** Everything a digest batch changes on the issue side, keyed so each row is written once. */
export interface IssueChanges {
  issues: Map<number, IssueRow>;
  newHashes: Insertable<IssueHashesTable>[];
  hourly: Map<string, Insertable<IssueHourlyCountsTable>>;
  /** Events per issue per minute, for alert frequency conditions up to an hour (pruned after a day). */
  minutes: Map<string, Insertable<IssueMinuteCountsTable>>;
  environments: Map<string, Insertable<IssueEnvironmentsTable>>;
  /** Every (issue, user) of the batch, with when it was last seen: new users are added, known ones touched. */
  users: Map<string, Insertable<IssueUsersTable>>;
  activity: { issueId: number; entry: ActivityEntry }[];
  releases: Map<string, Insertable<ReleasesTable>>;
  tagValues: Map<string, Insertable<IssueTagValuesTable>>;
  /** The same tag pairs summed per project (what search, autocomplete and hints read for a project). */
  projectTagValues: Map<string, Insertable<ProjectTagValuesTable>>;
}

/**
 * Writes a batch's issue changes. Rows are sorted by key so that two PostgreSQL digesters touching the
 * same rows take their locks in the same order and cannot deadlock.
 */
export async function writeIssueChanges(trx: Kysely<Database>, changes: IssueChanges): Promise<void> {
  for (const chunk of chunks(sorted([...changes.releases.values()], (row) => `${row.project_id}:${row.version}`))) {
    await trx.insertInto("releases").values(chunk).onConflict((conflict) => conflict.columns(["project_id", "version"]).doNothing()).execute();
  }
  for (const chunk of chunks(sorted(changes.newHashes, (row) => `${row.project_id}:${row.hash}`))) {
    await trx.insertInto("issue_hashes").values(chunk).onConflict((conflict) => conflict.columns(["project_id", "hash"]).doNothing()).execute();
  }
  for (const issue of [...changes.issues.values()].sort((a, b) => a.id - b.id)) {
    const { id, ...columns } = issue;
    await trx.updateTable("issues").set(columns).where("id", "=", id).execute();
  }
  for (const chunk of chunks(sorted([...changes.hourly.values()], (row) => `${row.issue_id}:${row.hour}`))) {
    await trx
      .insertInto("issue_hourly_counts")
      .values(chunk)
      .onConflict((conflict) => conflict.columns(["issue_id", "hour"]).doUpdateSet((eb) => ({ count: eb("issue_hourly_counts.count", "+", eb.ref("excluded.count")) })))
      .execute();
  }
  for (const chunk of chunks(sorted([...changes.minutes.values()], (row) => `${row.issue_id}:${row.minute}`))) {
    await trx
      .insertInto("issue_minute_counts")
      .values(chunk)
      .onConflict((conflict) => conflict.columns(["issue_id", "minute"]).doUpdateSet((eb) => ({ count: eb("issue_minute_counts.count", "+", eb.ref("excluded.count")) })))
      .execute();
  }
  for (const chunk of chunks(sorted([...changes.environments.values()], (row) => `${row.issue_id}:${row.environment}`))) {
    await trx
      .insertInto("issue_environments")
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(["issue_id", "environment"]).doUpdateSet((eb) => ({
          times_seen: eb("issue_environments.times_seen", "+", eb.ref("excluded.times_seen")),
          first_seen: earliestFirstSeen("issue_environments"),
          last_seen: latestLastSeen("issue_environments"),
        })),
      )
      .execute();
  }
  for (const chunk of chunks(sorted([...changes.tagValues.values()], (row) => `${row.issue_id}:${row.key}:${row.value}`))) {
    await trx
      .insertInto("issue_tag_values")
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(["issue_id", "key", "value"]).doUpdateSet((eb) => ({
          times_seen: eb("issue_tag_values.times_seen", "+", eb.ref("excluded.times_seen")),
          first_seen: earliestFirstSeen("issue_tag_values"),
          last_seen: latestLastSeen("issue_tag_values"),
        })),
      )
      .execute();
  }
  // Sorted by (project, key, value) like every other counter: a project's hot rows (level:error…) are
  // shared by every digester of that project, so they must be locked in one order.
  for (const chunk of chunks(sorted([...changes.projectTagValues.values()], (row) => `${row.project_id}\u0000${row.key}\u0000${row.value}`))) {
    await trx
      .insertInto("project_tag_values")
      .values(chunk)
      .onConflict((conflict) =>
        conflict.columns(["project_id", "key", "value"]).doUpdateSet((eb) => ({
          times_seen: eb("project_tag_values.times_seen", "+", eb.ref("excluded.times_seen")),
          first_seen: earliestFirstSeen("project_tag_values"),
          last_seen: latestLastSeen("project_tag_values"),
        })),
      )
      .execute();
  }
  for (const chunk of chunks(sorted([...changes.users.values()], (row) => `${row.issue_id}:${row.user_key}`))) {
    await trx
      .insertInto("issue_users")
      .values(chunk)
      .onConflict((conflict) => conflict.columns(["issue_id", "user_key"]).doUpdateSet({ last_seen: sql`case when issue_users.last_seen is null or excluded.last_seen > issue_users.last_seen then excluded.last_seen else issue_users.last_seen end` }))
      .execute();
  }
  for (const chunk of chunks(changes.activity)) {
    await trx
      .insertInto("issue_activity")
      .values(chunk.map(({ issueId, entry }) => ({ issue_id: issueId, kind: entry.kind, actor: entry.actor, data: entry.data ? JSON.stringify(entry.data) : null, created_at: entry.createdAt })))
      .execute();
  }
}

function sorted<T>(rows: T[], keyOf: (row: T) => string): T[] {
  return rows.map((row) => ({ row, key: keyOf(row) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map(({ row }) => row);
}
