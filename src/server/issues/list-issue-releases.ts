import { authorizeIssues, type AccessContext } from "../access/authorize";

/** The resolve menu lists this many of the newest releases; older versions are rarely what "resolved in" means. */
const maxReleases = 50;

/**
 * The releases of the issue's project, newest first (by when Lantern first saw them), for "Resolve in
 * release…": the versions an event or the release API brought, never a free-text guess.
 */
export async function listIssueReleases(context: AccessContext, issueId: number): Promise<string[]> {
  await authorizeIssues(context, "issue.read", [issueId]);
  const { db } = context;
  const rows = await db
    .selectFrom("releases")
    .innerJoin("issues", "issues.project_id", "releases.project_id")
    .select("releases.version")
    .where("issues.id", "=", issueId)
    .orderBy("releases.first_seen", "desc")
    .orderBy("releases.version", "desc")
    .limit(maxReleases)
    .execute();
  return rows.map((row) => row.version);
}
