import type { Kysely } from "kysely";
import type { Database } from "@/server/db/schema";
import { storeArtifactFile } from "@/server/sourcemaps/artifact-files";

export interface TestArtifactFile {
  url: string;
  type: "source" | "minified_source" | "source_map";
  content: string;
  debugId?: string | null;
  sourcemap?: string | null;
}

/** Writes a bundle's rows straight into artifact_bundles / artifact_bundle_files (what an upload stores). */
export async function insertArtifactBundle(db: Kysely<Database>, projectId: number, files: TestArtifactFile[], options: { release?: string | null; dist?: string | null } = {}): Promise<number> {
  const release = options.release ?? null;
  const dist = options.dist ?? null;
  const stored: string[] = [];
  for (const file of files) stored.push((await storeArtifactFile(db, new TextEncoder().encode(file.content))).sha1);
  const { id } = await db
    .insertInto("artifact_bundles")
    .values({ project_id: projectId, checksum: `${Date.now()}-${Math.random()}`, bundle_id: null, release, dist, file_count: files.length, size_bytes: files.reduce((total, file) => total + file.content.length, 0), uploaded_by: "test", created_at: Date.now(), last_used_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("artifact_bundle_files")
    .values(files.map((file, index) => ({ bundle_id: Number(id), project_id: projectId, url: file.url, type: file.type, debug_id: file.debugId ?? null, sourcemap: file.sourcemap ?? null, release, dist, file_sha1: stored[index]!, size: file.content.length })))
    .execute();
  return Number(id);
}
