import { z } from "zod";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { normalizeDebugId } from "./find-artifacts";
import { artifactBundleLimits, type ArtifactFileType } from "./read-artifact-bundle";
import { distName, parseVerbInput, projectSlug, releaseVersion } from "./schemas";
import { forgetSourceMapLookups } from "./source-map-cache";
import { prepareArtifactContents, storePreparedFiles } from "./store-artifact-bundle";

const releaseFileInput = z.object({
  projectSlug,
  version: releaseVersion,
  dist: distName.nullable(),
  name: z.string().min(1).max(artifactBundleLimits.maxUrlLength),
  headers: z.record(z.string().max(256), z.string().max(4096)),
});

export interface ReleaseFile {
  id: string;
  name: string;
  dist: string | null;
  sha1: string;
  size: number;
  headers: Record<string, string>;
  dateCreated: string;
}

function header(headers: Record<string, string>, name: string): string | null {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return null;
}

/** Legacy release files carry no type: a `.map` is a source map, a script with a map header or a JS name is minified. */
function typeOf(name: string, sourcemap: string | null): ArtifactFileType {
  const path = name.split(/[?#]/)[0]!;
  if (path.endsWith(".map")) return "source_map";
  if (sourcemap !== null || /\.(m|c)?js$/.test(path)) return "minified_source";
  return "source";
}

/**
 * The legacy `POST /projects/{org}/{project}/releases/{version}/files/` of older CLIs: one file per request,
 * kept in one "release files" bundle per project, release and dist (checksum `release-files:<release>:<dist>`);
 * a file with the same name replaces the earlier one.
 */
export async function addReleaseFile(context: AccessContext, input: { projectSlug: string; version: string; dist: string | null; name: string; content: Uint8Array; headers: Record<string, string> }): Promise<ReleaseFile> {
  const request = parseVerbInput(releaseFileInput, { projectSlug: input.projectSlug, version: input.version, dist: input.dist, name: input.name, headers: input.headers });
  const { project } = await authorizeProject(context, "sourcemap.upload", request.projectSlug);
  const cap = Math.min(artifactBundleLimits.maxFileBytes, context.config.sourceMaps.maxBundleBytes);
  if (input.content.length > cap) throw new AppError("payload_too_large", `A release file may have at most ${cap} bytes; this one has ${input.content.length}.`);
  const sourcemap = header(request.headers, "sourcemap") ?? header(request.headers, "x-sourcemap");
  const debugIdHeader = header(request.headers, "debug-id");
  const checksum = `release-files:${request.version}:${request.dist ?? ""}`;
  const now = Date.now();
  const prepared = await prepareArtifactContents(context.db, [input.content]);
  const { bundleId, sha1 } = await writeTransaction(context.database, async (trx) => {
    // On conflict: a parallel upload of the same release created it first (PostgreSQL waits for its commit).
    await trx
      .insertInto("artifact_bundles")
      .values({ project_id: project.id, checksum, bundle_id: null, release: request.version, dist: request.dist, file_count: 0, size_bytes: 0, uploaded_by: context.viewer.actor, created_at: now, last_used_at: null })
      .onConflict((conflict) => conflict.columns(["project_id", "checksum"]).doNothing())
      .execute();
    const bundle = await trx.selectFrom("artifact_bundles").select("id").where("project_id", "=", project.id).where("checksum", "=", checksum).executeTakeFirstOrThrow();
    const bundleId = Number(bundle.id);
    const [fileSha1] = await storePreparedFiles(trx, [input.content], prepared);
    await trx.deleteFrom("artifact_bundle_files").where("bundle_id", "=", bundleId).where("url", "=", request.name).execute();
    await trx
      .insertInto("artifact_bundle_files")
      .values({
        bundle_id: bundleId,
        project_id: project.id,
        url: request.name,
        type: typeOf(request.name, sourcemap),
        debug_id: debugIdHeader === null ? null : normalizeDebugId(debugIdHeader),
        sourcemap,
        release: request.version,
        dist: request.dist,
        file_sha1: fileSha1!,
        size: input.content.length,
      })
      .execute();
    const totals = await trx.selectFrom("artifact_bundle_files").select(({ fn }) => [fn.countAll<number>().as("count"), fn.sum<number>("size").as("bytes")]).where("bundle_id", "=", bundleId).executeTakeFirstOrThrow();
    // The bundle's date is its newest upload, so retention and the list read it as recent.
    await trx.updateTable("artifact_bundles").set({ file_count: Number(totals.count), size_bytes: Number(totals.bytes ?? 0), uploaded_by: context.viewer.actor, created_at: now }).where("id", "=", bundleId).execute();
    return { bundleId, sha1: fileSha1! };
  });
  forgetSourceMapLookups();
  return { id: `${bundleId}:${request.name}`, name: request.name, dist: request.dist, sha1, size: input.content.length, headers: request.headers, dateCreated: new Date(now).toISOString() };
}
