import { sql, type Kysely } from "kysely";

/** Which list a saved search is a tab of: the issue list ('issues', every search saved before) or the logs explorer ('logs'). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("saved_searches")
    .addColumn("kind", "text", (column) => column.notNull().defaultTo(sql`'issues'`))
    .execute();
}
