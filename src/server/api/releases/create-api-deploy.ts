import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import { parseApiBody, parseApiTime } from "../parse-api-body";
import { findReleaseProjects } from "./find-release-projects";
import { serializeDeploy } from "./load-api-releases";
import { ApiDeployCreate, type ApiDeploy } from "./release-schemas";

/** A project keeps the newest deploys of each release; a CI loop cannot grow the table without bound. */
const maxDeploysPerRelease = 1_000;

/**
 * Sentry's "create a deploy" (`sentry-cli releases deploys VERSION new -e production [--project P]…`). Deploys
 * belong to projects: one row per project named in `projects` (each must have the release), or without
 * `projects` one per project of the release the viewer may see. Answers the first project's deploy.
 */
export async function createApiDeploy(context: AccessContext, version: string, body: unknown): Promise<ApiDeploy> {
  const releaseProjectIds = await findReleaseProjects(context, "release.write", version);
  const input = parseApiBody(ApiDeployCreate, body);
  let projectIds = releaseProjectIds;
  if (input.projects && input.projects.length > 0) {
    projectIds = [];
    for (const slug of new Set(input.projects)) {
      const { project } = await authorizeProjectRef(context, "release.write", slug);
      if (!releaseProjectIds.includes(project.id)) throw new AppError("bad_request", `Invalid projects: ${project.slug} has no release "${version}".`);
      projectIds.push(project.id);
    }
  }
  const now = Date.now();
  const dateStarted = parseApiTime(input.dateStarted, "dateStarted") ?? null;
  const dateFinished = parseApiTime(input.dateFinished, "dateFinished") ?? now;
  if (dateStarted !== null && dateStarted > dateFinished) throw new AppError("bad_request", "Invalid dateStarted: it is after dateFinished.");
  const rows = await context.db
    .insertInto("release_deploys")
    .values(projectIds.map((projectId) => ({ project_id: projectId, version, environment: input.environment, name: input.name ?? null, url: input.url ?? null, date_started: dateStarted, date_finished: dateFinished, created_at: now })))
    .returningAll()
    .execute();
  for (const projectId of projectIds) {
    const stale = await context.db.selectFrom("release_deploys").select("id").where("project_id", "=", projectId).where("version", "=", version).orderBy("id", "desc").offset(maxDeploysPerRelease).limit(1000).execute();
    if (stale.length > 0) await context.db.deleteFrom("release_deploys").where("id", "in", stale.map((deploy) => deploy.id)).execute();
  }
  return serializeDeploy({ ...rows[0]!, id: Number(rows[0]!.id) });
}
