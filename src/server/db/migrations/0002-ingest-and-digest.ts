import { sql, type Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/**
 * Digest state on the intake, per-key rate limits, and the tables digest writes: events (one per
 * project and event id), attachments, user feedback, other stored items, release-health and outcome counters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("intake").addColumn("digested_at", epochType(db)).execute();
  await db.schema.alterTable("intake").addColumn("digest_error", "text").execute();
  await db.schema.alterTable("intake").addColumn("client_ip", "text").execute();
  await db.schema.createIndex("intake_pending").on("intake").column("id").where(sql.ref("digested_at"), "is", null).execute();

  await db.schema.alterTable("project_keys").addColumn("rate_limit_count", "integer").execute();
  await db.schema.alterTable("project_keys").addColumn("rate_limit_window_seconds", "integer").execute();

  await db.schema
    .createTable("events")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("intake_id", "integer", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("timestamp", epochType(db), (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("level", "text", (col) => col.notNull())
    .addColumn("platform", "text", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("release", "text")
    .addColumn("environment", "text")
    .addColumn("user_key", "text")
    .addColumn("payload", blobType(db), (col) => col.notNull())
    .addUniqueConstraint("events_project_event_id", ["project_id", "event_id"])
    .execute();
  await db.schema.createIndex("events_project_received").on("events").columns(["project_id", "received_at"]).execute();

  await db.schema
    .createTable("attachments")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("event_id", "text", (col) => col.notNull())
    .addColumn("intake_id", "integer", (col) => col.notNull())
    .addColumn("filename", "text", (col) => col.notNull())
    .addColumn("content_type", "text")
    .addColumn("attachment_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("body", blobType(db), (col) => col.notNull())
    .addUniqueConstraint("attachments_intake_filename", ["intake_id", "filename"])
    .execute();
  await db.schema.createIndex("attachments_event").on("attachments").columns(["project_id", "event_id"]).execute();

  // Items kept for views to come (traces, crons, logs, feedback): raw JSON per item, one row each.
  await db.schema
    .createTable("stored_items")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("intake_id", "integer", (col) => col.notNull())
    .addColumn("item_index", "integer", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("event_id", "text")
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("payload", blobType(db), (col) => col.notNull())
    .addUniqueConstraint("stored_items_intake_item", ["intake_id", "item_index"])
    .execute();
  await db.schema.createIndex("stored_items_project_type").on("stored_items").columns(["project_id", "type", "event_id"]).execute();

  await db.schema
    .createTable("session_counts")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("release", "text", (col) => col.notNull())
    .addColumn("environment", "text", (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("session_counts_pk", ["project_id", "release", "environment", "hour", "status"])
    .execute();

  await db.schema
    .createTable("outcomes")
    .addColumn("project_id", "integer", (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("quantity", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("outcomes_pk", ["project_id", "hour", "outcome", "reason", "category"])
    .execute();
}
