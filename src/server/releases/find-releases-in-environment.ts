import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Which of `versions` left a trace in `environment`: sessions there (session_counts' key), a deploy there, or
 * an issue it brought whose first event came from there (the issue's first sighting in the environment is the
 * issue's own: issue_environments keeps it per environment). An error-only release whose issues all began
 * elsewhere is not found: telling would mean scanning the project's events by release.
 */
export async function findReleasesInEnvironment(db: Kysely<Database>, projectId: number, versions: readonly string[], environment: string): Promise<Set<string>> {
  if (versions.length === 0) return new Set();
  const [sessions, deploys, issues] = await Promise.all([
    db.selectFrom("session_counts").select("release").distinct().where("project_id", "=", projectId).where("release", "in", [...versions]).where("environment", "=", environment).execute(),
    db.selectFrom("release_deploys").select("version").distinct().where("project_id", "=", projectId).where("version", "in", [...versions]).where("environment", "=", environment).execute(),
    db
      .selectFrom("issues")
      .innerJoin("issue_environments", (join) => join.onRef("issue_environments.issue_id", "=", "issues.id").on("issue_environments.environment", "=", environment).onRef("issue_environments.first_seen", "=", "issues.first_seen"))
      .select("issues.first_release")
      .distinct()
      .where("issues.project_id", "=", projectId)
      .where("issues.first_release", "in", [...versions])
      .execute(),
  ]);
  return new Set([...sessions.map((row) => row.release), ...deploys.map((row) => row.version), ...issues.flatMap((row) => (row.first_release === null ? [] : [row.first_release]))]);
}
