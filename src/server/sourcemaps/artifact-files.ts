import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { lockArtifactFilesForDeleting } from "./lock-artifact-files";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

export function sha1Hex(data: Uint8Array): string {
  return createHash("sha1").update(data).digest("hex");
}

/**
 * Stores a file's bytes once, under the sha1 of its content (gzip-compressed: source maps shrink 3–5×); a
 * second bundle with the same file adds nothing. Returns the sha1.
 */
export async function storeArtifactFile(db: Kysely<Database>, content: Uint8Array): Promise<{ sha1: string; storedSize: number }> {
  const sha1 = sha1Hex(content);
  const existing = await db.selectFrom("artifact_files").select("stored_size").where("sha1", "=", sha1).executeTakeFirst();
  if (existing) return { sha1, storedSize: 0 };
  const data = await gzipAsync(content, { level: 6 });
  await db
    .insertInto("artifact_files")
    .values({ sha1, data, size: content.length, stored_size: data.length })
    .onConflict((conflict) => conflict.column("sha1").doNothing())
    .execute();
  return { sha1, storedSize: data.length };
}

/** A stored file's bytes, uncompressed; null when no bundle holds it any more. */
export async function readArtifactFile(db: Kysely<Database>, sha1: string): Promise<Buffer | null> {
  const row = await db.selectFrom("artifact_files").select("data").where("sha1", "=", sha1).executeTakeFirst();
  return row ? gunzipAsync(row.data) : null;
}

/**
 * Files no bundle refers to any more (after bundles were deleted): removed, in steps of `limit`. Returns how
 * many. Inside the caller's write transaction, which waits here for bundles being stored (lock-artifact-files).
 */
export async function deleteUnreferencedArtifactFiles(db: Kysely<Database>, limit = 500): Promise<number> {
  await lockArtifactFilesForDeleting(db);
  const orphans = await db
    .selectFrom("artifact_files")
    .select("sha1")
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("artifact_bundle_files").select("file_sha1").whereRef("artifact_bundle_files.file_sha1", "=", "artifact_files.sha1"))))
    .limit(limit)
    .execute();
  if (orphans.length === 0) return 0;
  await db.deleteFrom("artifact_files").where("sha1", "in", orphans.map((row) => row.sha1)).execute();
  return orphans.length;
}
