import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { storeArtifactFile } from "./artifact-files";
import type { ArtifactBundle } from "./read-artifact-bundle";

export interface BundleOwner {
  projectId: number;
  checksum: string;
  release: string | null;
  dist: string | null;
  uploadedBy: string;
}

const rowsPerInsert = 500;

/**
 * Writes a read bundle for one project inside the caller's write transaction: each file's bytes once
 * (content-addressed, shared with every other bundle holding them), the bundle row and its file index.
 * A project that already holds a bundle with this checksum gets nothing new. Returns the bundle's id.
 */
export async function storeArtifactBundle(trx: Kysely<Database>, bundle: ArtifactBundle, owner: BundleOwner): Promise<number> {
  const existing = await trx.selectFrom("artifact_bundles").select("id").where("project_id", "=", owner.projectId).where("checksum", "=", owner.checksum).executeTakeFirst();
  if (existing) return Number(existing.id);
  const sha1s: string[] = [];
  for (const file of bundle.files) sha1s.push((await storeArtifactFile(trx, file.content)).sha1);
  const { id } = await trx
    .insertInto("artifact_bundles")
    .values({
      project_id: owner.projectId,
      checksum: owner.checksum,
      bundle_id: bundle.bundleId,
      release: owner.release,
      dist: owner.dist,
      file_count: bundle.files.length,
      size_bytes: bundle.files.reduce((total, file) => total + file.content.length, 0),
      uploaded_by: owner.uploadedBy,
      created_at: Date.now(),
      last_used_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const rows = bundle.files.map((file, index) => ({
    bundle_id: Number(id),
    project_id: owner.projectId,
    url: file.url,
    type: file.type,
    debug_id: file.debugId,
    sourcemap: file.sourcemap,
    release: owner.release,
    dist: owner.dist,
    file_sha1: sha1s[index]!,
    size: file.content.length,
  }));
  for (let start = 0; start < rows.length; start += rowsPerInsert) await trx.insertInto("artifact_bundle_files").values(rows.slice(start, start + rowsPerInsert)).execute();
  return Number(id);
}
