import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * Which of `versions` left a trace in `environment`: sessions there (session_counts' key), a deploy there, or
 * an issue of the project that carries both the release and the environment as tag values (the list's index,
 * issue_tag_values_lookup). Three lookups for a page of releases, no scan of events.
 */
export async function findReleasesInEnvironment(db: Kysely<Database>, projectId: number, versions: readonly string[], environment: string): Promise<Set<string>> {
  if (versions.length === 0) return new Set();
  const [sessions, deploys, issues] = await Promise.all([
    db.selectFrom("session_counts").select("release").distinct().where("project_id", "=", projectId).where("release", "in", [...versions]).where("environment", "=", environment).execute(),
    db.selectFrom("release_deploys").select("version").distinct().where("version", "in", [...versions]).where("environment", "=", environment).execute(),
    db
      .selectFrom("issue_tag_values as release")
      .innerJoin("issues", "issues.id", "release.issue_id")
      .innerJoin("issue_tag_values as environment", (join) => join.onRef("environment.issue_id", "=", "release.issue_id").on("environment.key", "=", "environment").on("environment.value", "=", environment))
      .select("release.value")
      .distinct()
      .where("release.key", "=", "release")
      .where("release.value", "in", [...versions])
      .where("issues.project_id", "=", projectId)
      .execute(),
  ]);
  return new Set([...sessions.map((row) => row.release), ...deploys.map((row) => row.version), ...issues.map((row) => row.value)]);
}
