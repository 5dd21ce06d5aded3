import type { Kysely } from "kysely";

/**
 * The all-projects issue list in its default order (last seen) and its live check. With 0006's
 * (status, times_seen|users_seen|first_seen) indexes SQLite took one of those for `status = ?` and sorted
 * every unresolved issue by last_seen in a temporary B-tree (15–37 ms per list at 20,000 issues, measured
 * with bench/dashboard); this index serves the filter and the order together (about 1 ms).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("issues_status_last_seen").on("issues").columns(["status", "last_seen", "id"]).execute();
}
