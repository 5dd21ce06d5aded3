import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Which issues a deletion takes away from digest: a list of them, or every issue of a project. */
export type DigestLockScope = { issueIds: number[] } | { projectId: number };

/**
 * PostgreSQL: digest locks every hash of its batch (advisory locks, sorted; assign-events-to-issues.ts)
 * before it looks up their issues, then locks the issue rows in id order. A deletion that takes the same
 * hash locks first, then the rows in the same order, lets a digester either finish with those issues
 * before it or find their hashes gone — never wait on each other from opposite ends.
 */
export async function lockAgainstDigest(trx: Kysely<Database>, scope: DigestLockScope): Promise<void> {
  const hashes = await ("issueIds" in scope
    ? trx.selectFrom("issue_hashes").select(["project_id", "hash"]).where("issue_id", "in", scope.issueIds)
    : trx.selectFrom("issue_hashes").select(["project_id", "hash"]).where("project_id", "=", scope.projectId)
  ).execute();
  const keys = [...new Set(hashes.map((row) => `${row.project_id}:${row.hash}`))].sort();
  if (keys.length > 0) await sql`select count(pg_advisory_xact_lock(hashtextextended(k, 0))) from (select k from unnest(${keys}::text[]) as k order by k) as sorted`.execute(trx);
  const issues = trx.selectFrom("issues").select("id").orderBy("id").forUpdate();
  await ("issueIds" in scope ? issues.where("id", "in", scope.issueIds) : issues.where("project_id", "=", scope.projectId)).execute();
}
