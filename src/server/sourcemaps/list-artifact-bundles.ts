import { authorizeProject, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import type { ArtifactBundleSummary } from "@/lib/views/sourcemaps";
export type { ArtifactBundleSummary } from "@/lib/views/sourcemaps";

export interface ArtifactBundlePage {
  bundles: ArtifactBundleSummary[];
  /** Pass back as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

const maxLimit = 100;
const debugIdsShown = 20;

/** `<created_at>.<id>` of the last row shown: the keyset to continue after. */
function parseCursor(cursor: string): { createdAt: number; id: number } {
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!match) throw new AppError("bad_request", "This page link is not valid any more; start from the newest bundles.");
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

/** A project's source-map bundles, newest first, a page at a time (Settings → Source maps). */
export async function listArtifactBundles(context: AccessContext, input: { projectSlug: string; cursor?: string | null; limit?: number }): Promise<ArtifactBundlePage> {
  const { project } = await authorizeProject(context, "sourcemap.list", input.projectSlug);
  const limit = Math.min(Math.max(1, input.limit ?? 50), maxLimit);
  let query = context.db
    .selectFrom("artifact_bundles")
    .select(["id", "bundle_id", "release", "dist", "file_count", "size_bytes", "uploaded_by", "created_at", "last_used_at"])
    .where("project_id", "=", project.id);
  if (input.cursor) {
    const after = parseCursor(input.cursor);
    query = query.where((eb) => eb.or([eb("created_at", "<", after.createdAt), eb.and([eb("created_at", "=", after.createdAt), eb("id", "<", after.id)])]));
  }
  const found = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit + 1).execute();
  const rows = found.slice(0, limit);
  const ids = rows.map((row) => Number(row.id));
  const debugIds = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length > 0) {
    const files = await context.db.selectFrom("artifact_bundle_files").select(["bundle_id", "debug_id"]).distinct().where("bundle_id", "in", ids).where("debug_id", "is not", null).orderBy("debug_id").execute();
    for (const file of files) debugIds.get(Number(file.bundle_id))?.push(file.debug_id!);
  }
  const bundles = rows.map((row) => {
    const all = debugIds.get(Number(row.id)) ?? [];
    return {
      id: Number(row.id),
      bundleId: row.bundle_id,
      release: row.release,
      dist: row.dist,
      debugIds: all.slice(0, debugIdsShown),
      debugIdCount: all.length,
      fileCount: Number(row.file_count),
      sizeBytes: Number(row.size_bytes),
      uploadedBy: row.uploaded_by,
      createdAt: Number(row.created_at),
      lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    };
  });
  const last = bundles.at(-1);
  return { bundles, nextCursor: found.length > limit && last ? `${last.createdAt}.${last.id}` : null };
}
