import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { readResolution } from "../issues/issue-status";
import { issueListColumns } from "../issues/search/search-issues";
import type { IssueListItem } from "@/lib/views/issues";

export type ReleaseIssueKind = "new" | "regressed" | "resolved";

/** The release page lists this many of each kind, most recently seen first. */
const maxIssues = 100;

/**
 * The issues of a project that a release brought, brought back or fixed, as the release page lists them:
 * - new: the issue's first event came with the release (`first_release`);
 * - regressed: an event of the release reopened the resolved issue (its `set_regression` activity names it);
 * - resolved: the issue is resolved in the release — "resolved in release V", or "in the next release"
 *   resolved while the release before V (the project's releases in the order it first saw them) was the
 *   newest. An issue resolved "now" names no release, and one that regressed since is not resolved.
 * Merged issues are left out; with an environment, so are issues never seen in it.
 */
export async function listReleaseIssues(context: AccessContext, input: { projectId: number; version: string; kind: ReleaseIssueKind; environment?: string | null }): Promise<IssueListItem[]> {
  await authorizeProjectId(context, "release.list", input.projectId);
  const { db } = context;
  const { projectId, version, kind } = input;
  let select = db.selectFrom("issues").where("issues.project_id", "=", projectId);
  if (kind === "new") select = select.where("issues.first_release", "=", version);
  else if (kind === "regressed") {
    // record-event-on-issue writes the regression's data as JSON.stringify({ release }): the same text matches.
    select = select.where("issues.id", "in", db.selectFrom("issue_activity").select("issue_activity.issue_id").where("issue_activity.kind", "=", "set_regression").where("issue_activity.data", "=", JSON.stringify({ release: version })));
  } else {
    const ids = await resolvedInRelease(context, projectId, version);
    if (ids.length === 0) return [];
    select = select.where("issues.id", "in", ids);
  }
  const { environment } = input;
  // Per issue through issue_environments' (issue_id, environment) key: the candidates are few, the table large.
  if (environment) select = select.where((eb) => eb.exists(eb.selectFrom("issue_environments").select("issue_environments.issue_id").whereRef("issue_environments.issue_id", "=", "issues.id").where("issue_environments.environment", "=", environment)));
  return select
    .innerJoin("projects", "projects.id", "issues.project_id")
    .select(issueListColumns)
    .where("issues.status", "!=", "merged")
    .orderBy("issues.last_seen", "desc")
    .orderBy("issues.id", "desc")
    .limit(maxIssues)
    .execute();
}

/** The ids of the project's issues resolved in `version` (at most a few thousand: the newest ones). */
async function resolvedInRelease({ db }: AccessContext, projectId: number, version: string): Promise<number[]> {
  const releases = await db.selectFrom("releases").select("version").where("project_id", "=", projectId).orderBy("first_seen").orderBy("version").execute();
  const position = releases.findIndex((release) => release.version === version);
  if (position === -1) return [];
  const previous = position === 0 ? null : releases[position - 1]!.version;
  const resolved = await db
    .selectFrom("issues")
    .select(["id", "resolution"])
    .where("project_id", "=", projectId)
    .where("status", "=", "resolved")
    .where("resolution", "is not", null)
    .where("resolution", "not like", '%"kind":"now"%')
    .orderBy("id", "desc")
    .limit(5_000)
    .execute();
  return resolved
    .filter((issue) => {
      const resolution = readResolution(issue.resolution);
      if (resolution?.kind === "in_release") return resolution.release === version;
      if (resolution?.kind === "next_release") return resolution.afterRelease === previous;
      return false;
    })
    .map((issue) => Number(issue.id));
}
