import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { sha1Hex, storeArtifactFile } from "./artifact-files";
import { lockArtifactFilesForStoring } from "./lock-artifact-files";
import type { ArtifactBundle } from "./read-artifact-bundle";

const gzipAsync = promisify(gzip);

export interface BundleOwner {
  projectId: number;
  checksum: string;
  release: string | null;
  dist: string | null;
  uploadedBy: string;
}

const rowsPerInsert = 500;

/** A bundle file's sha1 and, when it was not stored yet, its gzip (as storeArtifactFile writes it). */
export interface PreparedFile {
  sha1: string;
  gzipped: Buffer | null;
}

/**
 * Compresses the files not stored yet before the write transaction: gzip of a few hundred MB takes seconds,
 * which SQLite's single write lock should not be held for.
 */
export async function prepareArtifactFiles(db: Kysely<Database>, bundle: ArtifactBundle): Promise<PreparedFile[]> {
  return prepareArtifactContents(db, bundle.files.map((file) => file.content));
}

/** prepareArtifactFiles for loose files (legacy release files), in the order given. */
export async function prepareArtifactContents(db: Kysely<Database>, contents: readonly Uint8Array[]): Promise<PreparedFile[]> {
  const sha1s = contents.map((content) => sha1Hex(content));
  const stored = new Set<string>();
  const unique = [...new Set(sha1s)];
  for (let start = 0; start < unique.length; start += rowsPerInsert) {
    for (const row of await db.selectFrom("artifact_files").select("sha1").where("sha1", "in", unique.slice(start, start + rowsPerInsert)).execute()) stored.add(row.sha1);
  }
  const compressed = new Map<string, Promise<Buffer>>();
  for (const [index, sha1] of sha1s.entries()) if (!stored.has(sha1) && !compressed.has(sha1)) compressed.set(sha1, gzipAsync(contents[index]!, { level: 6 }));
  return Promise.all(sha1s.map(async (sha1) => ({ sha1, gzipped: compressed.has(sha1) ? await compressed.get(sha1)! : null })));
}

/**
 * Writes a read bundle for one project inside the caller's write transaction: each file's bytes once
 * (content-addressed, shared with every other bundle holding them; `prepared` by prepareArtifactFiles), the
 * bundle row and its file index.
 * A project that already holds a bundle with this checksum gets nothing new. Returns the bundle's id.
 */
export async function storeArtifactBundle(trx: Kysely<Database>, bundle: ArtifactBundle, owner: BundleOwner, prepared: readonly PreparedFile[]): Promise<number> {
  // Uploaded again: the upload time moves, which keeps it from retention's pruning. On PostgreSQL the update
  // waits for a pruner that locked the row, then finds it deleted and stores the bundle anew (prune-artifact-bundles).
  const existing = await trx.updateTable("artifact_bundles").set({ created_at: Date.now() }).where("project_id", "=", owner.projectId).where("checksum", "=", owner.checksum).returning("id").executeTakeFirst();
  if (existing) return Number(existing.id);
  const sha1s = await storePreparedFiles(trx, bundle.files.map((file) => file.content), prepared);
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

/** Writes the prepared files; one that was stored when prepared but is gone now (pruned since) is stored again. */
export async function storePreparedFiles(trx: Kysely<Database>, contents: readonly Uint8Array[], prepared: readonly PreparedFile[]): Promise<string[]> {
  // Before looking which files are there: a deletion of unreferenced files either committed already or waits for us.
  await lockArtifactFilesForStoring(trx);
  const present = new Set<string>();
  const unique = [...new Set(prepared.map((file) => file.sha1))];
  for (let start = 0; start < unique.length; start += rowsPerInsert) {
    for (const row of await trx.selectFrom("artifact_files").select("sha1").where("sha1", "in", unique.slice(start, start + rowsPerInsert)).execute()) present.add(row.sha1);
  }
  for (const [index, file] of prepared.entries()) {
    if (present.has(file.sha1)) continue;
    const content = contents[index]!;
    if (file.gzipped) {
      await trx
        .insertInto("artifact_files")
        .values({ sha1: file.sha1, data: file.gzipped, size: content.length, stored_size: file.gzipped.length })
        .onConflict((conflict) => conflict.column("sha1").doNothing())
        .execute();
    } else {
      await storeArtifactFile(trx, content);
    }
    present.add(file.sha1);
  }
  return prepared.map((file) => file.sha1);
}
