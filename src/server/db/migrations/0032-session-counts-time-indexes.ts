import type { Kysely } from "kysely";

/**
 * Time ranges over session_counts. Its key (project, release, environment, hour, status) answers one release
 * in one environment; the project's sessions of a window (adoption, the sessions endpoint without a release)
 * scanned the whole table, and a release's window read every hour of its history in each environment
 * (bench:dashboard, issue 30: 8 ms a Releases tab at 5 M sessions). Only a new hour's row touches them: digest
 * adds to the counts of an existing row, which changes no indexed column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("session_counts_project_hour").on("session_counts").columns(["project_id", "hour"]).execute();
  await db.schema.createIndex("session_counts_project_release_hour").on("session_counts").columns(["project_id", "release", "hour"]).execute();
}
