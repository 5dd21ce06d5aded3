import { readFile } from "node:fs/promises";
import { isAbsolute, join, normalize } from "node:path";
import { z } from "zod";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { sha1Hex } from "./artifact-files";
import { normalizeDebugId } from "./find-artifacts";
import type { ArtifactBundle, ArtifactBundleFile } from "./read-artifact-bundle";
import { storeArtifactBundle } from "./store-artifact-bundle";

/** Where `npm run build` keeps Lantern's own maps, inside Next's build directory (scripts/keep-own-source-maps.mjs). */
export const ownSourceMapsDirectory = "lantern-sourcemaps";
export const ownSourceMapsUploader = "lantern start";

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
 * is involved: the files go through the same storage as uploads. A build without maps (`next build` run
 * alone) registers nothing.
 */
export async function registerOwnSourceMaps(database: LanternDatabase, projectId: number, buildDirectory: string): Promise<OwnSourceMapsRegistration> {
  const mapsDirectory = join(buildDirectory, ownSourceMapsDirectory);
  const manifestBytes = await readFile(join(mapsDirectory, "manifest.json")).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (!manifestBytes) return { state: "absent" };
  const manifest = manifestSchema.parse(JSON.parse(manifestBytes.toString("utf8")));
  const checksum = sha1Hex(manifestBytes);
  const existing = await database.db.selectFrom("artifact_bundles").select(["id", "file_count"]).where("project_id", "=", projectId).where("checksum", "=", checksum).executeTakeFirst();
  if (existing) return { state: "unchanged", bundleId: Number(existing.id), files: Number(existing.file_count) };

  const files: ArtifactBundleFile[] = [];
  const urls = new Set<string>();
  for (const chunk of manifest.files) {
    const debugId = normalizeDebugId(chunk.debugId);
    // Turbopack never gives two chunks one map; should it, the index holds one file per URL.
    if (!debugId || urls.has(chunk.minified) || urls.has(chunk.map)) continue;
    urls.add(chunk.minified).add(chunk.map);
    const [minified, map] = await Promise.all([readFile(join(buildDirectory, chunk.minified)), readFile(join(mapsDirectory, chunk.map))]);
    const mapName = chunk.map.slice(chunk.map.lastIndexOf("/") + 1);
    files.push(
      // The URLs Sentry's Next.js plugin uploads these files under; resolution goes by debug ID.
      { path: chunk.minified, url: `~/_next/${chunk.minified}`, type: "minified_source", debugId, sourcemap: mapName, content: minified },
      { path: chunk.map, url: `~/_next/${chunk.map}`, type: "source_map", debugId, sourcemap: null, content: map },
    );
  }
  const bundle: ArtifactBundle = { org: null, project: null, release: null, dist: null, bundleId: null, files };
  const bundleId = await writeTransaction(database, (trx) => storeArtifactBundle(trx, bundle, { projectId, checksum, release: null, dist: null, uploadedBy: ownSourceMapsUploader }));
  return { state: "registered", bundleId, files: files.length };
}

/** For `lantern start`: registers the build's maps and says so; a failure is logged and never stops the start. */
export async function registerOwnSourceMapsAtStart(database: LanternDatabase, projectId: number, buildDirectory: string): Promise<void> {
  try {
    const registered = await registerOwnSourceMaps(database, projectId, buildDirectory);
    if (registered.state === "registered") console.log(`lantern: this build's source maps registered in the Lantern project (${registered.files} files)`);
  } catch (error) {
    console.error(`lantern: this build's source maps were not registered: ${error instanceof Error ? error.message : String(error)}`);
  }
}
