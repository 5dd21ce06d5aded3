import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * Which of these issues crashed without the app catching it: some event carried `handled: no`, the tag
 * digest derives from the exception's mechanism (what `is:unhandled` searches too). One indexed read per
 * page of the list (issue_tag_values' primary key starts with issue_id, key, value).
 */
export async function findUnhandledIssues(db: Kysely<Database>, issueIds: number[]): Promise<Set<number>> {
  if (issueIds.length === 0) return new Set();
  const rows = await db.selectFrom("issue_tag_values").select("issue_id").where("issue_id", "in", issueIds).where("key", "=", "handled").where("value", "=", "no").execute();
  return new Set(rows.map((row) => Number(row.issue_id)));
}
