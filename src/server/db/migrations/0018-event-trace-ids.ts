import { sql, type Kysely } from "kysely";

/**
 * Events of one trace (docs/architecture.md → "Traces"): `events.trace_id` holds the event's
 * `contexts.trace.trace_id` (32 lowercase hex digits; null when the event has none or an invalid one), written
 * by digest in the insert that stores the event, and a partial index on (trace_id, timestamp) serves "the
 * events of trace X, newest first" and the issue search's `trace:` key. Partial (`where trace_id is not
 * null`): events without a trace add no index entry; SQLite and PostgreSQL both use it for `trace_id = ?`.
 *
 * No backfill: the id of an older event sits inside its deflated payload, so filling the column means
 * inflating and parsing every stored event — minutes of I/O and a long write lock on a large SQLite file,
 * inside the upgrade's start-up — and Lantern has no background step that walks events in bounded batches
 * (retention deletes by index, it never reads payloads). Older events keep a null trace id: the trace page
 * and `trace:` find events digested after this version, which retention turns into all of them within the
 * retention period. The event page still shows an older event's trace id (read from its payload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("events").addColumn("trace_id", "text").execute();
  await db.schema.createIndex("events_trace").on("events").columns(["trace_id", "timestamp"]).where(sql.ref("trace_id"), "is not", null).execute();
}
