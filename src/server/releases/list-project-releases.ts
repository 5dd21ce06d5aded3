import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { countNewIssuesByRelease } from "./count-new-issues";
import { findReleasesInEnvironment } from "./find-releases-in-environment";
import { loadReleaseHealth, releaseHealthWindowMs } from "./load-release-health";
import type { ProjectRelease } from "@/lib/views/releases";
export type { ProjectRelease } from "@/lib/views/releases";

export interface ProjectReleases {
  releases: ProjectRelease[];
  /** Whether more releases exist than were listed. */
  hasMore: boolean;
  healthSince: number;
}

const maxReleases = 50;
/** Under an environment filter, this many of the newest releases are looked at for the page's 50. */
const maxEnvironmentCandidates = 200;

/**
 * A project's releases, newest first by first sighting, with what a team looks at after shipping: new
 * issues, the latest deploy, and health over the last 14 days from the session counters digest keeps.
 * With `environment` (the header's filter): only releases seen there (sessions, deploys, issues), and their
 * numbers there.
 */
export async function listProjectReleases(context: AccessContext, projectId: number, options: { now?: number; limit?: number; environment?: string | null } = {}): Promise<ProjectReleases> {
  await authorizeProjectId(context, "release.list", projectId);
  const { db } = context;
  const environment = options.environment || null;
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? maxReleases), 1), maxReleases);
  const healthSince = (options.now ?? Date.now()) - releaseHealthWindowMs;
  const rows = await db
    .selectFrom("releases")
    .select(["version", "first_seen", "date_released"])
    .where("project_id", "=", projectId)
    .orderBy("first_seen", "desc")
    .orderBy("version", "desc")
    .limit(environment ? maxEnvironmentCandidates + 1 : limit + 1)
    .execute();
  const candidates = environment ? rows.slice(0, maxEnvironmentCandidates) : rows;
  const seen = environment ? await findReleasesInEnvironment(db, projectId, candidates.map((row) => row.version), environment) : null;
  const inScope = seen ? candidates.filter((row) => seen.has(row.version)) : rows;
  const listed = inScope.slice(0, limit);
  const versions = listed.map((row) => row.version);
  if (versions.length === 0) return { releases: [], hasMore: false, healthSince };

  const [newIssuesOf, deploys, health] = await Promise.all([
    countNewIssuesByRelease(db, projectId, versions, environment),
    db
      .selectFrom("release_deploys")
      .select(["version", "environment", "date_finished"])
      .where("project_id", "=", projectId)
      .where("version", "in", versions)
      .$call((query) => (environment ? query.where("environment", "=", environment) : query))
      .orderBy("date_finished", "desc")
      .orderBy("id", "desc")
      .execute(),
    loadReleaseHealth(db, projectId, versions, healthSince, environment),
  ]);
  const lastDeployOf = new Map<string, { environment: string; finishedAt: number }>();
  for (const deploy of deploys) {
    if (!lastDeployOf.has(deploy.version)) lastDeployOf.set(deploy.version, { environment: deploy.environment, finishedAt: Number(deploy.date_finished) });
  }
  return {
    releases: listed.map((row) => ({
      version: row.version,
      firstSeen: Number(row.first_seen),
      dateReleased: row.date_released === null ? null : Number(row.date_released),
      newIssues: newIssuesOf.get(row.version) ?? 0,
      lastDeploy: lastDeployOf.get(row.version) ?? null,
      health: health.get(row.version) ?? null,
    })),
    hasMore: inScope.length > limit || rows.length > candidates.length,
    healthSince,
  };
}
