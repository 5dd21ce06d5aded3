import type { Kysely } from "kysely";

/** Per-project data scrubbing settings; scrubbing is on by default, IP and e-mail scrubbing off (as in Sentry). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").addColumn("scrub_data", "integer", (col) => col.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("projects").addColumn("scrub_extra_keys", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("projects").addColumn("scrub_safe_fields", "text", (col) => col.notNull().defaultTo("")).execute();
  await db.schema.alterTable("projects").addColumn("scrub_ip_addresses", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("projects").addColumn("scrub_emails", "integer", (col) => col.notNull().defaultTo(0)).execute();
}
