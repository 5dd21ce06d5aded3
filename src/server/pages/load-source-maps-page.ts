import type { UploadTarget } from "@/lib/source-map-commands";
import type { AccessContext } from "../access/authorize";
import { permissionOf } from "../access/policy";
import { isAppError } from "../errors";
import { listArtifactBundles, type ArtifactBundlePage } from "../sourcemaps/list-artifact-bundles";
import { loadProjectPage } from "./load-project-page";

/**
 * Project settings → Source maps: the project's bundles a page at a time (members see them too), whether
 * the viewer may delete them, and where sentry-cli would upload. A page link that no longer parses starts
 * from the newest bundles again.
 */
export async function loadSourceMapsPage(context: AccessContext, projectSlug: string, cursor: string | null) {
  const { project } = await loadProjectPage(context, projectSlug, "sourcemap.list");
  const page: ArtifactBundlePage = await listArtifactBundles(context, { projectSlug, cursor }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "bad_request" && cursor) return listArtifactBundles(context, { projectSlug });
    throw error;
  });
  const target: UploadTarget = { url: context.config.publicUrl, org: context.config.auth.organizationSlug, project: project.slug };
  return { project, page, target, mayDelete: context.viewer.permissions.has(permissionOf("sourcemap.delete")), isFirstPage: !cursor };
}
