import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ApiDeploy, ApiRelease } from "./release-schemas";

const iso = (time: number | null | undefined) => (time === null || time === undefined ? null : new Date(Number(time)).toISOString());

export function serializeDeploy(row: { id: number; environment: string; name: string | null; url: string | null; date_started: number | null; date_finished: number }): ApiDeploy {
  return { id: String(row.id), environment: row.environment, name: row.name, url: row.url, dateStarted: iso(row.date_started), dateFinished: iso(row.date_finished)! };
}

/**
 * The releases `versions` as Sentry's API shows them, over the projects `projectIds` (the ones the viewer may
 * see; null: all): one entry per version, in the order given, with its projects, new issues, first and last
 * event (from the issues that release brought or last saw) and its deploys. Versions in none of the projects
 * are left out.
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
  const deploys = await db.selectFrom("release_deploys").selectAll().where("version", "in", [...versions]).orderBy("date_finished", "desc").orderBy("id", "desc").execute();

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
    return [
      {
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
        commitCount: 0,
        lastCommit: null,
        authors: [],
        deployCount: releaseDeploys.length,
        lastDeploy: releaseDeploys[0] ? serializeDeploy({ ...releaseDeploys[0], id: Number(releaseDeploys[0].id) }) : null,
        firstEvent: firstSeenOfIssues.length > 0 ? iso(Math.min(...firstSeenOfIssues)) : null,
        lastEvent: lastSeen === null || lastSeen === undefined ? null : iso(Number(lastSeen)),
        projects,
      },
    ];
  });
}
