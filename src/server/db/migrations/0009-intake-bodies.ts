import { sql, type Kysely } from "kysely";
import { blobType, idType } from "./column-types";

/**
 * Envelope bodies move to a table of their own. In SQLite an UPDATE writes the whole record again, so
 * marking an envelope digested (`digested_at`) rewrote its body too: digest wrote 21,667 WAL bytes per
 * realistic envelope, 7,395 with the bodies apart (docs/performance.md). The intake row that digest
 * updates is now a few hundred bytes; the body is written once by ingest (and again only when scrubbing
 * rewrites it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("intake_bodies")
    .addColumn("intake_id", idType(db), (col) => col.primaryKey().references("intake.id").onDelete("cascade"))
    .addColumn("body", blobType(db), (col) => col.notNull())
    .execute();
  await sql`insert into intake_bodies (intake_id, body) select id, body from intake`.execute(db);
  await db.schema.alterTable("intake").dropColumn("body").execute();
}
