import { PostgresAdapter, sql, type Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/**
 * Spans (docs/architecture.md → "Spans"), sized for 10–100× the volume of errors: one narrow row per span,
 * the strings it repeats (op, normalized description, transaction, release, environment) as ids into
 * `span_strings`, and everything else of a span (attributes, data, tags, measurements, the raw description)
 * in one deflated `span_payloads` row per envelope item, where twenty spans of one request compress together.
 *
 * - `spans`: ids as raw bytes (trace 16, span and parent 8); `start_us` epoch microseconds and `duration_us`,
 *   so a 0.2 ms query keeps its place in the waterfall. The primary key (trace, span, project) is the trace
 *   lookup: on SQLite the table is WITHOUT ROWID, clustered on it, so the waterfall reads one range and the
 *   key costs no second index. `flags`: 1 segment (a transaction, or a v2 span with is_segment), 2 a db span,
 *   4 an outgoing http span. `status`: Relay's span status codes 0–16; 255 another status.
 * - `spans_project_time`: the per-project time window every list and aggregate starts from, and retention.
 * - `spans_segments`: segments only (one in twenty spans), by transaction name, for the transactions table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("span_strings")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("kind", "integer", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addUniqueConstraint("span_strings_value", ["project_id", "kind", "value"])
    .execute();
  await db.schema
    .createTable("span_payloads")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("body", blobType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("span_payloads_received").on("span_payloads").columns(["received_at"]).execute();
  const spans = db.schema
    .createTable("spans")
    .addColumn("trace_id", blobType(db), (col) => col.notNull())
    .addColumn("span_id", blobType(db), (col) => col.notNull())
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("parent_span_id", blobType(db))
    .addColumn("start_us", epochType(db), (col) => col.notNull())
    .addColumn("duration_us", epochType(db), (col) => col.notNull())
    .addColumn("op_id", idType(db), (col) => col.notNull())
    .addColumn("description_id", idType(db))
    .addColumn("segment_name_id", idType(db))
    .addColumn("release_id", idType(db))
    .addColumn("environment_id", idType(db))
    .addColumn("status", "integer", (col) => col.notNull())
    .addColumn("flags", "integer", (col) => col.notNull())
    .addColumn("payload_id", idType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("spans_pk", ["trace_id", "span_id", "project_id"]);
  await (postgres ? spans : spans.modifyEnd(sql`without rowid`)).execute();
  await db.schema.createIndex("spans_project_time").on("spans").columns(["project_id", "start_us"]).execute();
  await db.schema
    .createIndex("spans_segments")
    .on("spans")
    .columns(["project_id", "segment_name_id", "start_us"])
    .where(sql`flags & 1`, "=", 1)
    .execute();
}
