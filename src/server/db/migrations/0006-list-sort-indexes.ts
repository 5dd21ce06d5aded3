import type { Kysely } from "kysely";

/**
 * The all-projects issue list sorted by events, users or first seen (measured with bench/dashboard: a scan
 * and a sort of every issue without these), and the top values of a tag on the issue page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["first_seen", "times_seen", "users_seen"] as const) {
    await db.schema.createIndex(`issues_status_${column}`).on("issues").columns(["status", column, "id"]).execute();
  }
  await db.schema.createIndex("issue_tag_values_top").on("issue_tag_values").columns(["issue_id", "key", "times_seen"]).execute();
}
