import type { AccessContext } from "../../access/authorize";
import { authorizeProjectRef } from "../projects/authorize-project-ref";
import type { ApiReleaseFile } from "../releases/release-schemas";

/**
 * The files a project holds for release `version` (every bundle of that release, legacy release files
 * included), as Sentry's legacy release-file list shows them; at most 1,000.
 */
export async function listApiReleaseFiles(context: AccessContext, projectSlug: string, version: string): Promise<ApiReleaseFile[]> {
  const { project } = await authorizeProjectRef(context, "sourcemap.list", projectSlug);
  const rows = await context.db
    .selectFrom("artifact_bundle_files")
    .innerJoin("artifact_bundles", "artifact_bundles.id", "artifact_bundle_files.bundle_id")
    .select(["artifact_bundle_files.bundle_id", "artifact_bundle_files.url", "artifact_bundle_files.dist", "artifact_bundle_files.file_sha1", "artifact_bundle_files.size", "artifact_bundle_files.sourcemap", "artifact_bundle_files.debug_id", "artifact_bundles.created_at"])
    .where("artifact_bundle_files.project_id", "=", project.id)
    .where("artifact_bundle_files.release", "=", version)
    .orderBy("artifact_bundle_files.bundle_id", "desc")
    .orderBy("artifact_bundle_files.url")
    .limit(1_000)
    .execute();
  return rows.map((row) => {
    const headers: Record<string, string> = {};
    if (row.sourcemap) headers.Sourcemap = row.sourcemap;
    if (row.debug_id) headers["debug-id"] = row.debug_id;
    return {
      id: `${row.bundle_id}:${row.url}`,
      name: row.url,
      dist: row.dist,
      sha1: row.file_sha1,
      size: Number(row.size),
      headers,
      dateCreated: new Date(Number(row.created_at)).toISOString(),
    };
  });
}
