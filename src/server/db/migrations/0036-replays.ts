import { sql, type Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/**
 * Session replays (docs/architecture.md → "Session replay"): one index row per replay, its recording
 * segments apart, stored as they came (the SDK's zlib or gzip), and the replay an error event carries.
 * - `replays`: what lists, search and the API show, merged from every `replay_event` of the replay
 *   (urls, error and trace ids as capped JSON arrays) and counters read from the recordings (clicks,
 *   dead and rage clicks); `dropped` names segments refused by the per-replay caps (JSON array, null when
 *   none); `updated_at` is the last segment's arrival, which retention goes by.
 * - `replay_segments`: one row per (replay, kind, segment id), so a segment sent twice is stored once and
 *   segments arriving out of order play in segment order; `kind` is rrweb or video.
 * - `events.replay_id`: `contexts.replay.replay_id` (or the `replayId` tag), so an issue finds its replays
 *   through its events after merges and unmerges; the partial index holds only events that carry one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("replays")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull().references("projects.id").onDelete("cascade"))
    .addColumn("replay_id", "text", (col) => col.notNull())
    .addColumn("started_at", epochType(db), (col) => col.notNull())
    .addColumn("finished_at", epochType(db), (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("updated_at", epochType(db), (col) => col.notNull())
    .addColumn("replay_type", "text", (col) => col.notNull().defaultTo("session"))
    .addColumn("platform", "text", (col) => col.notNull().defaultTo("javascript"))
    .addColumn("release", "text")
    .addColumn("environment", "text")
    .addColumn("dist", "text")
    .addColumn("user_id", "text")
    .addColumn("user_email", "text")
    .addColumn("user_username", "text")
    .addColumn("user_ip", "text")
    .addColumn("user_name", "text")
    .addColumn("browser_name", "text")
    .addColumn("browser_version", "text")
    .addColumn("os_name", "text")
    .addColumn("os_version", "text")
    .addColumn("device_name", "text")
    .addColumn("device_brand", "text")
    .addColumn("device_model", "text")
    .addColumn("device_family", "text")
    .addColumn("sdk_name", "text")
    .addColumn("sdk_version", "text")
    .addColumn("urls", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("error_ids", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("trace_ids", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("count_errors", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("count_urls", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("count_segments", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("count_clicks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("count_dead_clicks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("count_rage_clicks", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("stored_bytes", epochType(db), (col) => col.notNull().defaultTo(0))
    .addColumn("has_video", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("dropped", "text")
    .addUniqueConstraint("replays_project_replay", ["project_id", "replay_id"])
    .execute();
  await db.schema.createIndex("replays_project_started").on("replays").columns(["project_id", "started_at"]).execute();
  await db.schema.createIndex("replays_updated").on("replays").column("updated_at").execute();
  await db.schema
    .createTable("replay_segments")
    .addColumn("replay_row_id", idType(db), (col) => col.notNull().references("replays.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("segment_id", "integer", (col) => col.notNull())
    .addColumn("encoding", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("body", blobType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("replay_segments_pk", ["replay_row_id", "kind", "segment_id"])
    .execute();
  await db.schema.alterTable("events").addColumn("replay_id", "text").execute();
  await db.schema.createIndex("events_issue_replay").on("events").columns(["issue_id", "replay_id"]).where(sql.ref("replay_id"), "is not", null).execute();
}
