import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** One file of an uploaded bundle, as resolution looks it up. */
export interface StoredArtifact {
  bundleId: number;
  url: string;
  /** source | minified_source | source_map | indexed_ram_bundle */
  type: string;
  debugId: string | null;
  /** For a minified file: the manifest's `sourcemap` header (its map's URL, relative to the file). */
  sourcemap: string | null;
  release: string | null;
  dist: string | null;
  sha1: string;
  size: number;
}

const columns = ["bundle_id", "url", "type", "debug_id", "sourcemap", "release", "dist", "file_sha1", "size"] as const;

function toArtifact(row: { bundle_id: number; url: string; type: string; debug_id: string | null; sourcemap: string | null; release: string | null; dist: string | null; file_sha1: string; size: number }): StoredArtifact {
  return { bundleId: Number(row.bundle_id), url: row.url, type: row.type, debugId: row.debug_id, sourcemap: row.sourcemap, release: row.release, dist: row.dist, sha1: row.file_sha1, size: Number(row.size) };
}

/** Debug IDs are UUIDs; the SDK and the manifest may differ in case and dashes, so both sides use this form. */
export function normalizeDebugId(debugId: string): string | null {
  const hex = debugId.trim().toLowerCase().replaceAll("-", "");
  if (!/^[0-9a-f]{32}/.test(hex)) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The newest file of `type` with this debug ID in the project's bundles. */
export async function findArtifactByDebugId(db: Kysely<Database>, projectId: number, debugId: string, types: readonly string[]): Promise<StoredArtifact | null> {
  const id = normalizeDebugId(debugId);
  if (!id) return null;
  const row = await db
    .selectFrom("artifact_bundle_files")
    .select(columns)
    .where("project_id", "=", projectId)
    .where("debug_id", "=", id)
    .where("type", "in", [...types])
    .orderBy("bundle_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toArtifact(row) : null;
}

/**
 * Files of the project's bundles for `release` (and `dist`: null matches bundles without a dist) whose URL is
 * one of `urls`, newest bundle first; the caller tries the URLs in its own order of preference.
 */
export async function findArtifactsByUrl(db: Kysely<Database>, projectId: number, release: string, dist: string | null, urls: readonly string[]): Promise<StoredArtifact[]> {
  if (urls.length === 0) return [];
  let query = db.selectFrom("artifact_bundle_files").select(columns).where("project_id", "=", projectId).where("release", "=", release).where("url", "in", [...urls]);
  query = dist === null ? query.where("dist", "is", null) : query.where("dist", "=", dist);
  const rows = await query.orderBy("bundle_id", "desc").limit(50).execute();
  return rows.map(toArtifact);
}

/** Some URLs a release's bundles hold (for "closest names" in a frame's diagnosis). */
export async function listReleaseArtifactUrls(db: Kysely<Database>, projectId: number, release: string, dist: string | null, limit = 500): Promise<string[]> {
  let query = db.selectFrom("artifact_bundle_files").select("url").distinct().where("project_id", "=", projectId).where("release", "=", release);
  query = dist === null ? query.where("dist", "is", null) : query.where("dist", "=", dist);
  const rows = await query.limit(limit).execute();
  return rows.map((row) => row.url);
}

/** Whether a project has any bundle at all: most projects have none, and their frames need no lookup. */
export async function projectHasArtifacts(db: Kysely<Database>, projectId: number): Promise<boolean> {
  const row = await db.selectFrom("artifact_bundles").select("id").where("project_id", "=", projectId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Whether a release has any bundle: tells "no release files" apart from "no file with this URL". */
export async function releaseHasArtifacts(db: Kysely<Database>, projectId: number, release: string): Promise<boolean> {
  const row = await db.selectFrom("artifact_bundles").select("id").where("project_id", "=", projectId).where("release", "=", release).limit(1).executeTakeFirst();
  return row !== undefined;
}
