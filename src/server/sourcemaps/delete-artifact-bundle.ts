import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { deleteUnreferencedArtifactFiles } from "./artifact-files";
import { forgetSourceMapLookups } from "./source-map-cache";

/**
 * Deletes one of a project's source-map bundles and its file index, then the files no other bundle holds.
 * Its assembly records go too, so uploading the same bundle again stores it again.
 */
export async function deleteArtifactBundle(context: AccessContext, input: { projectSlug: string; bundleId: number }): Promise<void> {
  const { project } = await authorizeProject(context, "sourcemap.delete", input.projectSlug);
  const bundle = await writeTransaction(context.database, async (trx) => {
    const row = await trx.selectFrom("artifact_bundles").select(["id", "checksum", "release", "dist", "file_count"]).where("id", "=", input.bundleId).where("project_id", "=", project.id).executeTakeFirst();
    if (!row) return null;
    await trx.deleteFrom("artifact_bundle_files").where("bundle_id", "=", row.id).execute();
    await trx.deleteFrom("artifact_bundles").where("id", "=", row.id).execute();
    await trx.deleteFrom("artifact_assemblies").where("checksum", "=", row.checksum).execute();
    return row;
  });
  if (!bundle) throw new AppError("not_found", `Project "${project.slug}" has no source-map bundle ${input.bundleId}.`);
  forgetSourceMapLookups();
  while ((await writeTransaction(context.database, (trx) => deleteUnreferencedArtifactFiles(trx))) > 0);
  await recordAuditEvent(context.db, context.source, {
    action: "sourcemap.bundle_deleted",
    target: `project:${project.slug}`,
    data: { bundleId: Number(bundle.id), release: bundle.release, dist: bundle.dist, files: Number(bundle.file_count) },
  });
}
