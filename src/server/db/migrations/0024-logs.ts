import { PostgresAdapter, sql, type Kysely } from "kysely";
import { blobType, epochType, idConstraints, idType } from "./column-types";

/**
 * Logs (docs/architecture.md → "Logs"), sized for 10–100× the volume of errors: one narrow row per line, the
 * strings lines repeat (the message template, release, environment) as ids into `log_strings`, and the rest of a
 * line (its attributes and template parameters) in one deflated `log_payloads` row per envelope item, where a
 * hundred lines of one flush compress together.
 *
 * - `logs`: `timestamp_us` epoch microseconds; trace id (16 bytes) and span id (8) as raw bytes; `severity` the
 *   OTel severity number 1–24 (the level is its range); `body` the message as sent (capped); `payload_index`
 *   the line's place in its payload.
 * - `logs_project_time`: the per-project time window every search starts from, and retention.
 * - Words of the message and one token per attribute (`key=value` and `key`, hashed) and per trace are
 *   indexed for search: on SQLite in `logs_fts`, a contentless FTS5 table (detail=none: no positions, the
 *   smallest index; the row's body confirms a phrase); on PostgreSQL in the `terms` tsvector column under a
 *   GIN index. The same tokens on both (log-terms.ts makes them), so a search finds the same lines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("log_strings")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("kind", "integer", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addUniqueConstraint("log_strings_value", ["project_id", "kind", "value"])
    .execute();
  await db.schema
    .createTable("log_payloads")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("received_at", epochType(db), (col) => col.notNull())
    .addColumn("body", blobType(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("log_payloads_received").on("log_payloads").columns(["received_at"]).execute();
  let logs = db.schema
    .createTable("logs")
    .addColumn("id", idType(db), idConstraints(db))
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("timestamp_us", epochType(db), (col) => col.notNull())
    .addColumn("trace_id", blobType(db), (col) => col.notNull())
    .addColumn("span_id", blobType(db))
    .addColumn("severity", "integer", (col) => col.notNull())
    .addColumn("template_id", idType(db))
    .addColumn("release_id", idType(db))
    .addColumn("environment_id", idType(db))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("payload_id", idType(db), (col) => col.notNull())
    .addColumn("payload_index", "integer", (col) => col.notNull());
  if (postgres) logs = logs.addColumn("terms", sql`tsvector`, (col) => col.notNull());
  await logs.execute();
  await db.schema.createIndex("logs_project_time").on("logs").columns(["project_id", "timestamp_us"]).execute();
  if (postgres) await sql`create index logs_terms on logs using gin (terms)`.execute(db);
  else await sql`create virtual table logs_fts using fts5(terms, content='', detail=none, contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
}
