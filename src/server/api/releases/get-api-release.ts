import type { AccessContext } from "../../access/authorize";
import { findReleaseProjects } from "./find-release-projects";
import { loadApiReleases } from "./load-api-releases";
import type { ApiRelease } from "./release-schemas";

/** One release, over the projects the viewer may see. */
export async function getApiRelease(context: AccessContext, version: string, projectSlug?: string): Promise<ApiRelease> {
  const projectIds = await findReleaseProjects(context, "release.list", version, projectSlug);
  const [release] = await loadApiReleases(context.db, [version], projectIds);
  return release!;
}
