import type { Kysely } from "kysely";

/** A project's threshold for slow database query issues, in ms (null: the default, 500 ms; spans/detect-slow-db-queries.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("projects").addColumn("slow_db_query_ms", "integer").execute();
}
