import type { Kysely } from "kysely";
import { epochType } from "./column-types";

/**
 * Release health as Sentry counts it (docs/architecture.md → "Release health"):
 * - `session_users`: the distinct users (a session's `did`) per project, release, environment, hour and
 *   status ("started" = every user with a session; "errored", "crashed", "abnormal"), each a 64-register
 *   HyperLogLog sketch (lib/user-sketch), so count_unique(user) over any window and release is a merge of
 *   hourly rows, bounded whatever the traffic;
 * - `session_marks`: which session ids were already counted as started and as ended, so a session the SDK
 *   sends again (a crash update, then endSession()) counts once. Rows older than two days are pruned by
 *   digest: an SDK sends a session's updates within its lifetime;
 * - `events_project_release_received`: the release page's events over time, read by release and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("session_users")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("release", "text", (col) => col.notNull())
    .addColumn("environment", "text", (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("sketch", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("session_users_pk", ["project_id", "release", "environment", "hour", "status"])
    .execute();
  await db.schema
    .createTable("session_marks")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("session_id", "text", (col) => col.notNull())
    .addColumn("mark", "text", (col) => col.notNull())
    .addColumn("seen_at", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("session_marks_pk", ["project_id", "session_id", "mark"])
    .execute();
  await db.schema.createIndex("events_project_release_received").on("events").columns(["project_id", "release", "received_at"]).execute();
  await db.schema.createIndex("session_marks_seen_at").on("session_marks").column("seen_at").execute();
}
