import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** How many of the project's issues each version brought (their first event came with it), by version. */
export async function countNewIssuesByRelease(db: Kysely<Database>, projectId: number, versions: readonly string[]): Promise<Map<string, number>> {
  if (versions.length === 0) return new Map();
  const rows = await db
    .selectFrom("issues")
    .select((eb) => ["first_release", eb.fn.countAll<number>().as("total")])
    .where("project_id", "=", projectId)
    .where("first_release", "in", [...versions])
    .groupBy("first_release")
    .execute();
  return new Map(rows.map((row) => [row.first_release ?? "", Number(row.total)]));
}
