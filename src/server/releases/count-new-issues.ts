import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * How many of the project's issues each version brought (their first event came with it), by version; with
 * `environment`, only issues seen in that environment.
 */
export async function countNewIssuesByRelease(db: Kysely<Database>, projectId: number, versions: readonly string[], environment?: string | null): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  let query = db
    .selectFrom("issues")
    .select((eb) => ["first_release", eb.fn.countAll<number>().as("total")])
    .where("project_id", "=", projectId)
    .where("first_release", "in", [...versions]);
  if (environment) query = query.where((eb) => eb.exists(eb.selectFrom("issue_environments").select("issue_id").whereRef("issue_environments.issue_id", "=", "issues.id").where("issue_environments.environment", "=", environment)));
  const rows = await query.groupBy("first_release").execute();
  return new Map(rows.map((row) => [row.first_release ?? "", Number(row.total)]));
}
