import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { ensureInternalProject } from "../projects/ensure-internal-project";
import { readArtifactFile } from "./artifact-files";
import { findArtifactByDebugId } from "./find-artifacts";
import { isOwnSourceMapsRegistered, registerOwnSourceMaps } from "./register-own-source-maps";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * A build directory as `npm run build` leaves it, made by the real tools: esbuild writes a minified chunk
 * and its map into .next/static, the real `sentry-cli sourcemaps inject` gives it a debug ID, and
 * scripts/keep-own-source-maps.mjs (the build's own step) moves the map out and writes the manifest.
 */
async function buildWithTools(directory: string, message: string): Promise<{ nextDirectory: string; debugId: string }> {
  const nextDirectory = join(directory, ".next");
  mkdirSync(join(nextDirectory, "static/chunks"), { recursive: true });
  writeFileSync(join(nextDirectory, "BUILD_ID"), "test-build");
  writeFileSync(join(directory, "page.ts"), `export function raiseOwnError(reason: string): never {\n  throw new Error(\`${message}: \${reason}\`);\n}\n(globalThis as Record<string, unknown>).raise = raiseOwnError;\n`);
  await build({ entryPoints: [join(directory, "page.ts")], bundle: true, minify: true, sourcemap: true, outfile: join(nextDirectory, "static/chunks/page.js"), logLevel: "silent" });
  execFileSync(join(root, "node_modules/.bin/sentry-cli"), ["sourcemaps", "inject", join(nextDirectory, "static")], { stdio: "pipe" });
  execFileSync(process.execPath, [join(root, "scripts/keep-own-source-maps.mjs")], { cwd: directory, stdio: "pipe" });
  const manifest = JSON.parse(readFileSync(join(nextDirectory, "lantern-sourcemaps/manifest.json"), "utf8")) as { files: { debugId: string }[] };
  return { nextDirectory, debugId: manifest.files[0]!.debugId };
}

describe(`registerOwnSourceMaps on ${testDialect}`, () => {
  let directory: string;
  let built: { nextDirectory: string; debugId: string };
  let database: TestDatabase;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), "lantern-own-maps-"));
    built = await buildWithTools(directory, "own build");
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  it("the build step moves the map out of .next/static, drops the sourceMappingURL comment, keeps the debug ID and names sources by their path in the repository", () => {
    const chunk = readFileSync(join(built.nextDirectory, "static/chunks/page.js"), "utf8");
    expect(existsSync(join(built.nextDirectory, "static/chunks/page.js.map"))).toBe(false);
    expect(existsSync(join(built.nextDirectory, "lantern-sourcemaps/static/chunks/page.js.map"))).toBe(true);
    expect(chunk).not.toContain("sourceMappingURL");
    expect(chunk).toContain(`//# debugId=${built.debugId}`);
    expect(built.debugId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // esbuild wrote the source relative to the map (`../../../page.ts`), as Turbopack does for server chunks.
    const map = JSON.parse(readFileSync(join(built.nextDirectory, "lantern-sourcemaps/static/chunks/page.js.map"), "utf8")) as { sources: string[] };
    expect(map.sources).toEqual(["page.ts"]);
  });

  it("stores the chunk and its map in the Lantern project, found by the chunk's debug ID, once per build", async () => {
    const { projectId } = await ensureInternalProject(database.db);
    expect(await isOwnSourceMapsRegistered(database, projectId, built.nextDirectory)).toBe(false);
    const first = await registerOwnSourceMaps(database, projectId, built.nextDirectory);
    expect(first).toMatchObject({ state: "registered", files: 2 });
    expect(await isOwnSourceMapsRegistered(database, projectId, built.nextDirectory)).toBe(true);

    const map = await findArtifactByDebugId(database.db, projectId, built.debugId, ["source_map"]);
    expect(map).toMatchObject({ url: "~/_next/static/chunks/page.js.map", release: null });
    const stored = JSON.parse((await readArtifactFile(database.db, map!.sha1))!.toString("utf8")) as { sourcesContent: string[]; debugId?: string; debug_id?: string };
    expect(stored.sourcesContent.join("\n")).toContain("raiseOwnError");
    const minified = await findArtifactByDebugId(database.db, projectId, built.debugId, ["minified_source"]);
    expect(minified).toMatchObject({ url: "~/_next/static/chunks/page.js", sourcemap: "page.js.map" });

    const again = await registerOwnSourceMaps(database, projectId, built.nextDirectory);
    expect(again).toEqual({ state: "unchanged", bundleId: first.state === "registered" ? first.bundleId : -1, files: 2 });
    const bundles = await database.db.selectFrom("artifact_bundles").select(["uploaded_by", "release", "file_count"]).where("project_id", "=", projectId).execute();
    expect(bundles).toEqual([{ uploaded_by: "lantern start", release: null, file_count: 2 }]);
  });

  it("a new build adds its own bundle beside the earlier one", async () => {
    const { projectId } = await ensureInternalProject(database.db);
    const otherDirectory = mkdtempSync(join(tmpdir(), "lantern-own-maps-"));
    try {
      const other = await buildWithTools(otherDirectory, "another build");
      expect(other.debugId).not.toBe(built.debugId);
      await registerOwnSourceMaps(database, projectId, built.nextDirectory);
      await registerOwnSourceMaps(database, projectId, other.nextDirectory);
      expect(await findArtifactByDebugId(database.db, projectId, other.debugId, ["source_map"])).not.toBeNull();
      expect(await findArtifactByDebugId(database.db, projectId, built.debugId, ["source_map"])).not.toBeNull();
      expect(await database.db.selectFrom("artifact_bundles").select("id").where("project_id", "=", projectId).execute()).toHaveLength(2);
    } finally {
      rmSync(otherDirectory, { recursive: true, force: true });
    }
  });

  it("a build without maps registers nothing", async () => {
    const { projectId } = await ensureInternalProject(database.db);
    const empty = mkdtempSync(join(tmpdir(), "lantern-own-maps-"));
    try {
      expect(await isOwnSourceMapsRegistered(database, projectId, empty)).toBe(true);
      expect(await registerOwnSourceMaps(database, projectId, empty)).toEqual({ state: "absent" });
      expect(await database.db.selectFrom("artifact_bundles").select("id").execute()).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it("refuses a manifest naming a file outside the build directory, storing nothing", async () => {
    const { projectId } = await ensureInternalProject(database.db);
    const hostile = mkdtempSync(join(tmpdir(), "lantern-own-maps-"));
    try {
      mkdirSync(join(hostile, "lantern-sourcemaps"));
      writeFileSync(join(hostile, "lantern-sourcemaps/manifest.json"), JSON.stringify({ buildId: "x", files: [{ minified: "../../etc/passwd", map: "static/a.js.map", debugId: built.debugId }] }));
      await expect(registerOwnSourceMaps(database, projectId, hostile)).rejects.toThrow(/inside the build directory/);
      expect(await database.db.selectFrom("artifact_bundles").select("id").execute()).toEqual([]);
    } finally {
      rmSync(hostile, { recursive: true, force: true });
    }
  });
});
