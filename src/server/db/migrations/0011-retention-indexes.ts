import type { Kysely } from "kysely";

/**
 * Retention in bounded steps: age pruning and the disk budget walk each project's events oldest first,
 * a window at a time, through this index (id last, so a window ends at an exact (timestamp, id) and the
 * next one starts right after it, on SQLite and PostgreSQL alike). Without it, retention ranked every
 * event of a project in one statement.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("events_project_timestamp").on("events").columns(["project_id", "timestamp", "id"]).execute();
}
