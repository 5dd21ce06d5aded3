import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { expect } from "vitest";
import { readArtifactFile } from "@/server/sourcemaps/artifact-files";
import { findArtifactByDebugId, findArtifactsByUrl } from "@/server/sourcemaps/find-artifacts";
import { listArtifactBundles } from "@/server/sourcemaps/list-artifact-bundles";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { day, hour, now, projectIdOf, type Upgraded } from "../seed-world";

const debugId = "5d1c3a0e-7f2b-4c4d-9e8f-0a1b2c3d4e5f";
const release = "storefront@3.1.0";
const map = JSON.stringify({ version: 3, file: "checkout.min.js", sources: ["src/checkout.ts"], names: ["convertPrice"], mappings: "AAAAA", sourcesContent: ["export function convertPrice() {}\n"], debug_id: debugId });
const minified = `function pi(){}pi();\n//# debugId=${debugId}\n//# sourceMappingURL=checkout.min.js.map\n`;
const sha1 = (text: string) => createHash("sha1").update(text).digest("hex");

/**
 * Source maps as 0013 stores them: a storefront bundle uploaded by sentry-cli (a minified file and its map
 * by debug ID and release), a release created through the release API with a deploy, and an upload chunk
 * still waiting for its assemble request.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const storefront = await projectIdOf(target, "storefront");
  for (const content of [map, minified]) {
    const data = gzipSync(content);
    await insertRow(target, "artifact_files", { sha1: sha1(content), data, size: Buffer.byteLength(content), stored_size: data.length });
  }
  const bundleId = await insertRowReturningId(target, "artifact_bundles", {
    project_id: storefront,
    checksum: sha1("storefront bundle"),
    bundle_id: "0f0e0d0c-0b0a-4908-8706-050403020100",
    release,
    dist: null,
    file_count: 2,
    size_bytes: Buffer.byteLength(map) + Buffer.byteLength(minified),
    uploaded_by: "user:owner@storefront.test",
    created_at: now - 2 * day,
    last_used_at: now - hour,
  });
  const file = { bundle_id: bundleId, project_id: storefront, debug_id: debugId, release, dist: null };
  await insertRow(target, "artifact_bundle_files", { ...file, url: "~/assets/checkout.min.js.map", type: "source_map", sourcemap: null, file_sha1: sha1(map), size: Buffer.byteLength(map) });
  await insertRow(target, "artifact_bundle_files", { ...file, url: "~/assets/checkout.min.js", type: "minified_source", sourcemap: "checkout.min.js.map", file_sha1: sha1(minified), size: Buffer.byteLength(minified) });
  await insertRow(target, "artifact_assemblies", { checksum: sha1("storefront bundle"), scope: `bundle:${storefront}::`, state: "ok", detail: null, updated_at: now - 2 * day });
  await insertRow(target, "releases", { project_id: storefront, version: release, first_seen: now - 2 * day, date_released: now - 2 * day + hour, created_by: "user:owner@storefront.test" });
  await insertRow(target, "release_deploys", { version: release, environment: "production", name: null, url: null, date_started: null, date_finished: now - 2 * day + 2 * hour, created_at: now - 2 * day + 2 * hour });
  const chunk = Buffer.from("a chunk still waiting for assemble");
  await insertRow(target, "upload_chunks", { sha1: createHash("sha1").update(chunk).digest("hex"), data: chunk, size: chunk.length, created_at: now - hour });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const storefront = Number(await projectIdOf(database, "storefront"));
  const { bundles } = await listArtifactBundles(context, { projectSlug: "storefront" });
  expect(bundles).toEqual([expect.objectContaining({ release, dist: null, fileCount: 2, debugIds: [debugId], uploadedBy: "user:owner@storefront.test", createdAt: now - 2 * day, lastUsedAt: now - hour })]);
  const found = await findArtifactByDebugId(database.db, storefront, debugId.toUpperCase(), ["source_map"]);
  expect(found).toMatchObject({ url: "~/assets/checkout.min.js.map", release });
  expect((await readArtifactFile(database.db, found!.sha1))?.toString("utf8")).toBe(map);
  const [script] = await findArtifactsByUrl(database.db, storefront, release, null, ["~/assets/checkout.min.js"]);
  expect(script).toMatchObject({ type: "minified_source", sourcemap: "checkout.min.js.map", debugId });
  const deploys = await database.db.selectFrom("release_deploys").select(["version", "environment"]).execute();
  expect(deploys).toEqual([{ version: release, environment: "production" }]);
}
