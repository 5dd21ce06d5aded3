import { readFile } from "node:fs/promises";
import { isAbsolute, join, normalize } from "node:path";
import type { Insertable } from "kysely";
import { z } from "zod";
import type { LanternDatabase } from "../db/create-database";
import type { ArtifactBundleFilesTable } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { sha1Hex, storeArtifactFile } from "./artifact-files";
import { normalizeDebugId } from "./find-artifacts";

/** Where `npm run build` keeps Lantern's own maps, inside Next's build directory (scripts/keep-own-source-maps.mjs). */
export const ownSourceMapsDirectory = "lantern-sourcemaps";
export const ownSourceMapsUploader = "lantern start";

type ArtifactBundleFileRow = Insertable<ArtifactBundleFilesTable>;
const rowsPerInsert = 500;

const relativePath = z
  .string()
  .min(1)
  .max(1024)
  .refine((path) => !isAbsolute(path) && !normalize(path).split(/[\\/]/).includes(".."), "must stay inside the build directory");

const manifestSchema = z.object({
  buildId: z.string().min(1).max(256),
  files: z.array(z.object({ minified: relativePath, map: relativePath, debugId: z.string().max(64) })).max(20_000),
});

/** `files` counts chunks and maps (two per chunk). */
export type OwnSourceMapsRegistration = { state: "absent" } | { state: "unchanged" | "registered"; bundleId: number; files: number };

/**
 * Registers the maps of Lantern's own build in its internal project, as one artifact bundle keyed by the
 * checksum of the build's manifest: a restart of the same build adds nothing, a new build adds its bundle.
 * Files are found by debug ID (each chunk and its map); the bundle has no release, since the SDK's events
 * find their maps by the debug IDs Turbopack put in the chunks. Nothing leaves the machine and no token
 * is involved: the files go into the same content-addressed storage and index as uploads. A build without
 * maps (`next build` run alone) registers nothing.
 */
export async function registerOwnSourceMaps(database: LanternDatabase, projectId: number, buildDirectory: string): Promise<OwnSourceMapsRegistration> {
  const mapsDirectory = join(buildDirectory, ownSourceMapsDirectory);
  const manifestBytes = await readManifest(mapsDirectory);
  if (!manifestBytes) return { state: "absent" };
  const manifest = manifestSchema.parse(JSON.parse(manifestBytes.toString("utf8")));
  const checksum = sha1Hex(manifestBytes);
  const existing = await findRegisteredBundle(database, projectId, checksum);
  if (existing) return { state: "unchanged", bundleId: Number(existing.id), files: Number(existing.file_count) };

  // One file at a time, stored (content-addressed) as it is read: a build holds ~50 MB of chunks and maps,
  // and holding them all at once left `lantern start` about 100 MB larger for good.
  const rows: Omit<ArtifactBundleFileRow, "bundle_id">[] = [];
  const urls = new Set<string>();
  let sizeBytes = 0;
  for (const chunk of manifest.files) {
    const debugId = normalizeDebugId(chunk.debugId);
    // Turbopack never gives two chunks one map; should it, the index holds one file per URL.
    if (!debugId || urls.has(chunk.minified) || urls.has(chunk.map)) continue;
    urls.add(chunk.minified).add(chunk.map);
    const mapName = chunk.map.slice(chunk.map.lastIndexOf("/") + 1);
    // The URLs Sentry's Next.js plugin uploads these files under; resolution goes by debug ID.
    const files = [
      { path: join(buildDirectory, chunk.minified), url: `~/_next/${chunk.minified}`, type: "minified_source", sourcemap: mapName },
      { path: join(mapsDirectory, chunk.map), url: `~/_next/${chunk.map}`, type: "source_map", sourcemap: null },
    ];
    for (const file of files) {
      const content = await readFile(file.path);
      const { sha1 } = await storeArtifactFile(database.db, content);
      rows.push({ project_id: projectId, url: file.url, type: file.type, debug_id: debugId, sourcemap: file.sourcemap, release: null, dist: null, file_sha1: sha1, size: content.length });
      sizeBytes += content.length;
    }
  }
  const bundleId = await writeTransaction(database, async (trx) => {
    const raced = await trx.selectFrom("artifact_bundles").select("id").where("project_id", "=", projectId).where("checksum", "=", checksum).executeTakeFirst();
    if (raced) return Number(raced.id);
    const { id } = await trx
      .insertInto("artifact_bundles")
      .values({ project_id: projectId, checksum, bundle_id: null, release: null, dist: null, file_count: rows.length, size_bytes: sizeBytes, uploaded_by: ownSourceMapsUploader, created_at: Date.now(), last_used_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (let offset = 0; offset < rows.length; offset += rowsPerInsert) {
      await trx
        .insertInto("artifact_bundle_files")
        .values(rows.slice(offset, offset + rowsPerInsert).map((row) => ({ ...row, bundle_id: Number(id) })))
        .execute();
    }
    return Number(id);
  });
  return { state: "registered", bundleId, files: rows.length };
}

/** Whether there is nothing to register: the build has no maps, or they are registered already (one query). */
export async function isOwnSourceMapsRegistered(database: LanternDatabase, projectId: number, buildDirectory: string): Promise<boolean> {
  const manifestBytes = await readManifest(join(buildDirectory, ownSourceMapsDirectory));
  return !manifestBytes || (await findRegisteredBundle(database, projectId, sha1Hex(manifestBytes))) !== undefined;
}

function readManifest(mapsDirectory: string): Promise<Buffer | null> {
  return readFile(join(mapsDirectory, "manifest.json")).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
}

function findRegisteredBundle(database: LanternDatabase, projectId: number, checksum: string) {
  return database.db.selectFrom("artifact_bundles").select(["id", "file_count"]).where("project_id", "=", projectId).where("checksum", "=", checksum).executeTakeFirst();
}
