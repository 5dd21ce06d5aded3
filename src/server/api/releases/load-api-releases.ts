import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { summarizeReleaseCommits } from "../../releases/read-release-commits";
import type { ApiCommit, ApiDeploy, ApiRelease } from "./release-schemas";
import type { ReleaseCommit } from "@/lib/views/release-commits";

const iso = (time: number | null | undefined) => (time === null || time === undefined ? null : new Date(Number(time)).toISOString());

export function serializeDeploy(row: { id: number; environment: string; name: string | null; url: string | null; date_started: number | null; date_finished: number }): ApiDeploy {
  return { id: String(row.id), environment: row.environment, name: row.name, url: row.url, dateStarted: iso(row.date_started), dateFinished: iso(row.date_finished)! };
}

export function serializeCommit(commit: ReleaseCommit): ApiCommit {
  const hasAuthor = commit.authorName !== null || commit.authorEmail !== null;
  return {
    id: commit.commitId,
    message: commit.message,
    dateCreated: iso(commit.timestamp),
    repository: commit.repository === null ? null : { name: commit.repository },
    author: hasAuthor ? { name: commit.authorName, email: commit.authorEmail } : null,
  };
}

/**
 * The integer id of each version (Sentry's release `id`), given on first sight: a version an event or the
 * API created since migration 0030 gets its id the first time the API shows it, and keeps it.
 */
async function releaseIdsOf(db: Kysely<Database>, versions: readonly string[]): Promise<Map<string, number>> {
  const read = async () => new Map((await db.selectFrom("release_versions").select(["id", "version"]).where("version", "in", [...versions]).execute()).map((row) => [row.version, Number(row.id)]));
  const known = await read();
  const missing = versions.filter((version) => !known.has(version));
  if (missing.length === 0) return known;
  const now = Date.now();
  await db
    .insertInto("release_versions")
    .values(missing.map((version) => ({ version, created_at: now })))
    .onConflict((conflict) => conflict.column("version").doNothing())
    .execute();
  return read();
}

/**
 * The releases `versions` as Sentry's API shows them, over the projects `projectIds` (the ones the viewer may
 * see; null: all): one entry per version, in the order given, with its projects, new issues, first and last
 * event (from the issues that release brought or last saw), its deploys in those projects and a summary of
 * its commits. Versions in none of the projects are left out.
 */
export async function loadApiReleases(db: Kysely<Database>, versions: readonly string[], projectIds: readonly number[] | null): Promise<ApiRelease[]> {
  if (versions.length === 0 || projectIds?.length === 0) return [];
  let rowsQuery = db
    .selectFrom("releases")
    .innerJoin("projects", "projects.id", "releases.project_id")
    .select(["releases.version", "releases.first_seen", "releases.date_released", "projects.id", "projects.slug", "projects.name", "projects.platform"])
    .where("releases.version", "in", [...versions]);
  if (projectIds) rowsQuery = rowsQuery.where("releases.project_id", "in", [...projectIds]);
  const rows = await rowsQuery.orderBy("projects.slug").execute();
  if (rows.length === 0) return [];
  const projectIdsUsed = [...new Set(rows.map((row) => Number(row.id)))];
  const firstIssues = await db
    .selectFrom("issues")
    .select((eb) => ["project_id", "first_release", eb.fn.countAll<number>().as("count"), eb.fn.min("first_seen").as("first_seen")])
    .where("first_release", "in", [...versions])
    .where("project_id", "in", projectIdsUsed)
    .groupBy(["project_id", "first_release"])
    .execute();
  const lastIssues = await db
    .selectFrom("issues")
    .select((eb) => ["last_release", eb.fn.max("last_seen").as("last_seen")])
    .where("last_release", "in", [...versions])
    .where("project_id", "in", projectIdsUsed)
    .groupBy("last_release")
    .execute();
  const deploys = await db
    .selectFrom("release_deploys")
    .selectAll()
    .where("version", "in", [...versions])
    .where("project_id", "in", projectIdsUsed)
    .orderBy("date_finished", "desc")
    .orderBy("id", "desc")
    .execute();
  const versionsFound = [...new Set(rows.map((row) => row.version))];
  const [ids, commits] = await Promise.all([releaseIdsOf(db, versionsFound), summarizeReleaseCommits(db, versionsFound)]);

  return versions.flatMap((version): ApiRelease[] => {
    const mine = rows.filter((row) => row.version === version);
    if (mine.length === 0) return [];
    const newGroupsOf = (projectId: number) => Number(firstIssues.find((row) => row.first_release === version && Number(row.project_id) === projectId)?.count ?? 0);
    const projects = mine.map((row) => ({
      id: Number(row.id),
      slug: row.slug,
      name: row.name,
      platform: row.platform,
      platforms: row.platform ? [row.platform] : [],
      newGroups: newGroupsOf(Number(row.id)),
      hasHealthData: false,
    }));
    const firstSeenOfIssues = firstIssues.filter((row) => row.first_release === version).map((row) => Number(row.first_seen));
    const lastSeen = lastIssues.find((row) => row.last_release === version)?.last_seen;
    const released = mine.map((row) => row.date_released).filter((time): time is number => time !== null);
    const releaseDeploys = deploys.filter((deploy) => deploy.version === version);
    const commitSummary = commits.get(version);
    return [
      {
        id: ids.get(version)!,
        version,
        shortVersion: version,
        versionInfo: { package: null, version: { raw: version }, description: version, buildHash: null },
        status: "open",
        ref: null,
        url: null,
        dateCreated: iso(Math.min(...mine.map((row) => Number(row.first_seen))))!,
        dateReleased: released.length > 0 ? iso(Math.max(...released.map(Number))) : null,
        data: {},
        newGroups: projects.reduce((sum, project) => sum + project.newGroups, 0),
        owner: null,
        commitCount: commitSummary?.count ?? 0,
        lastCommit: commitSummary?.newest ? serializeCommit(commitSummary.newest) : null,
        authors: commitSummary?.authors ?? [],
        deployCount: releaseDeploys.length,
        lastDeploy: releaseDeploys[0] ? serializeDeploy({ ...releaseDeploys[0], id: Number(releaseDeploys[0].id) }) : null,
        firstEvent: firstSeenOfIssues.length > 0 ? iso(Math.min(...firstSeenOfIssues)) : null,
        lastEvent: lastSeen === null || lastSeen === undefined ? null : iso(Number(lastSeen)),
        projects,
        currentProjectMeta: {},
        userAgent: null,
      },
    ];
  });
}
