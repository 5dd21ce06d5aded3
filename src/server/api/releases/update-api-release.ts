import type { AccessContext } from "../../access/authorize";
import { parseApiBody, parseApiTime } from "../parse-api-body";
import { findReleaseProjects } from "./find-release-projects";
import { loadApiReleases } from "./load-api-releases";
import { replaceReleaseCommits } from "./replace-release-commits";
import { ApiReleaseUpdate, type ApiRelease } from "./release-schemas";

/**
 * Sentry's "update a release": `dateReleased` finalizes it (`sentry-cli releases finalize`) in the projects
 * the viewer may see (on a project's path, as sentry-cli 2.x sends it, that project); `commits` and `refs`
 * (`set-commits`) replace the version's commits.
 */
export async function updateApiRelease(context: AccessContext, version: string, body: unknown, projectSlug?: string): Promise<ApiRelease> {
  const projectIds = await findReleaseProjects(context, "release.write", version, projectSlug);
  const input = parseApiBody(ApiReleaseUpdate, body);
  const dateReleased = parseApiTime(input.dateReleased, "dateReleased");
  if (dateReleased !== undefined) await context.db.updateTable("releases").set({ date_released: dateReleased }).where("version", "=", version).where("project_id", "in", projectIds).execute();
  await replaceReleaseCommits(context.db, version, input);
  const [release] = await loadApiReleases(context.db, [version], projectIds);
  return release!;
}
