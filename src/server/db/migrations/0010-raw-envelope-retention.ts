import type { Kysely } from "kysely";

/**
 * Raw envelopes become a short-lived buffer. `intake_bodies.encoding` says how a body is stored: "identity"
 * for every body written before (they are not rewritten here — retention deletes them within
 * LANTERN_RAW_RETENTION_HOURS, so compressing them would only write them once more); from now on ingest
 * stores "gzip" (the SDK's own compressed body, as sent) or "br" (compressed at ingest). Two indexes serve
 * the age-based deletes: digested envelopes by time received, and a project's stored items (transactions,
 * spans, logs, check-ins, replays) by time received.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("intake_bodies").addColumn("encoding", "text", (col) => col.notNull().defaultTo("identity")).execute();
  await db.schema.createIndex("intake_received_at").on("intake").column("received_at").execute();
  await db.schema.createIndex("stored_items_project_received").on("stored_items").columns(["project_id", "received_at"]).execute();
}
