import type { Kysely } from "kysely";
import type { Dialect } from "../db/create-database";
import type { Database, IssueRow } from "../db/schema";
import { AppError } from "../errors";

/**
 * The issue row; AppError not_found when there is none. Given the dialect inside a write transaction,
 * locks the row on PostgreSQL (SQLite's write transaction already excludes other writers).
 */
export async function getIssue(db: Kysely<Database>, issueId: number, lockFor?: Dialect): Promise<IssueRow> {
  const query = db.selectFrom("issues").selectAll().where("id", "=", issueId);
  const issue = await (lockFor === "postgres" ? query.forUpdate() : query).executeTakeFirst();
  if (!issue) throw new AppError("not_found", `There is no issue ${issueId}.`);
  return issue;
}
