import type { Kysely } from "kysely";
import { epochType, idConstraints, idType } from "./column-types";

/**
 * Issues and what digest keeps about them: the hashes that point at each issue (merges repoint them),
 * per-issue counters kept in the digest transaction (hourly counts, distinct users, environments),
 * the activity log of every transition, releases in the order they were first seen, and the
 * per-project grouping rules and retention settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").addColumn("fingerprint_rules", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("projects").addColumn("stacktrace_rules", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("projects").addColumn("retention_days", "integer").execute();
  await db.schema.alterTable("projects").addColumn("max_events_per_issue", "integer").execute();

  await db.schema
    .createTable("issues")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("culprit", "text", (col) => col.notNull())
    .addColumn("level", "text", (col) => col.notNull())
    .addColumn("platform", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("substatus", "text")
    .addColumn("resolution", "text")
    .addColumn("ignore_condition", "text")
    .addColumn("merged_into_id", "integer")
    .addColumn("first_seen", epochType(db), (col) => col.notNull())
    .addColumn("last_seen", epochType(db), (col) => col.notNull())
    .addColumn("times_seen", "integer", (col) => col.notNull())
    .addColumn("users_seen", "integer", (col) => col.notNull())
    .addColumn("first_release", "text")
    .addColumn("last_release", "text")
    .addColumn("status_changed_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("issues_project_last_seen").on("issues").columns(["project_id", "status", "last_seen"]).execute();

  await db.schema
    .createTable("issue_hashes")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("hash", "text", (col) => col.notNull())
    .addColumn("issue_id", "integer", (col) => col.notNull())
    // The issue the hash first created or joined; unmerge gives the hash back to it.
    .addColumn("origin_issue_id", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_hashes_pk", ["project_id", "hash"])
    .execute();
  await db.schema.createIndex("issue_hashes_issue").on("issue_hashes").column("issue_id").execute();

  await db.schema
    .createTable("issue_hourly_counts")
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("count", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_hourly_counts_pk", ["issue_id", "hour"])
    .execute();

  await db.schema
    .createTable("issue_users")
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("user_key", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_users_pk", ["issue_id", "user_key"])
    .execute();

  await db.schema
    .createTable("issue_environments")
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("environment", "text", (col) => col.notNull())
    .addColumn("times_seen", "integer", (col) => col.notNull())
    .addColumn("first_seen", epochType(db), (col) => col.notNull())
    .addColumn("last_seen", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("issue_environments_pk", ["issue_id", "environment"])
    .execute();

  await db.schema
    .createTable("issue_activity")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("issue_id", "integer", (col) => col.notNull())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("actor", "text", (col) => col.notNull())
    .addColumn("data", "text")
    .addColumn("created_at", epochType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("issue_activity_issue").on("issue_activity").columns(["issue_id", "id"]).execute();

  await db.schema
    .createTable("releases")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("version", "text", (col) => col.notNull())
    .addColumn("first_seen", epochType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("releases_pk", ["project_id", "version"])
    .execute();

  await db.schema.alterTable("events").addColumn("issue_id", "integer").execute();
  await db.schema.alterTable("events").addColumn("group_hash", "text").execute();
  await db.schema.createIndex("events_issue_timestamp").on("events").columns(["issue_id", "timestamp"]).execute();
}
