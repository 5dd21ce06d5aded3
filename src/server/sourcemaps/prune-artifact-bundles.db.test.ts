import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { systemContext } from "../access/system-context";
import { DigestWorker } from "../digest/digest-worker";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { addReleaseFile } from "./add-release-file";
import { sha1Hex } from "./artifact-files";
import { pruneArtifactBundles } from "./prune-artifact-bundles";
import { saveUploadChunks } from "./upload-chunks";

const dayMs = 86_400_000;

describe(`source-map retention on ${testDialect}`, () => {
  let database: TestDatabase;
  let shop: CreatedProject;
  let other: CreatedProject;
  const now = Date.now();

  beforeEach(async () => {
    database = await createTestDatabase();
    shop = await insertProject(database.db, { name: "Shop" });
    other = await insertProject(database.db, { name: "Other" });
  });
  afterEach(() => database.destroy());

  /** A legacy release-files bundle (one file, its own content) uploaded `ageDays` ago and last used `usedDaysAgo` ago. */
  async function bundle(project: CreatedProject, release: string, ageDays: number, usedDaysAgo: number | null = null, content = `release ${release}`): Promise<void> {
    const context = systemContext(database, createTestConfig());
    await addReleaseFile(context, { projectSlug: project.project.slug, version: release, dist: null, name: "~/app.js.map", content: Buffer.from(content), headers: {} });
    await database.db
      .updateTable("artifact_bundles")
      .set({ created_at: now - ageDays * dayMs, last_used_at: usedDaysAgo === null ? null : now - usedDaysAgo * dayMs })
      .where("project_id", "=", project.project.id)
      .where("release", "=", release)
      .execute();
  }

  async function releases(project: CreatedProject): Promise<string[]> {
    const rows = await database.db.selectFrom("artifact_bundles").select("release").where("project_id", "=", project.project.id).orderBy("release").execute();
    return rows.map((row) => row.release!);
  }

  it("deletes bundles older than the retention unless among the project's newest N or used within it; files no bundle holds go too", async () => {
    for (const [release, age] of [["r1", 200], ["r2", 150], ["r3", 120], ["r4", 100], ["r5", 5]] as const) await bundle(shop, release, age);
    await bundle(shop, "used", 300, 10);
    await bundle(shop, "used-long-ago", 300, 95);
    // The same content as r1: its file stays while `other` holds it.
    await bundle(other, "shared", 400, null, "release r1");
    const result = await pruneArtifactBundles(database, { retentionDays: 90, keepPerProject: 2 }, now);
    // Newest two of shop by upload date are r5 and r4; "used" was read 10 days ago; the rest are older than 90 days.
    expect(await releases(shop)).toEqual(["r4", "r5", "used"]);
    // Other's only bundle is its newest: kept, however old.
    expect(await releases(other)).toEqual(["shared"]);
    expect(result).toMatchObject({ bundles: 4 });
    const files = await database.db.selectFrom("artifact_files").select("sha1").orderBy("sha1").execute();
    expect(files.map((row) => row.sha1)).toEqual(["release r1", "release r4", "release r5", "release used"].map((text) => sha1Hex(Buffer.from(text))).sort());
    expect(await database.db.selectFrom("artifact_bundle_files").select("bundle_id").execute()).toHaveLength(4);
    expect(await pruneArtifactBundles(database, { retentionDays: 90, keepPerProject: 2 }, now)).toEqual({ bundles: 0, chunks: 0, files: 0 });
  });

  it("keeps everything younger than the retention, however many", async () => {
    for (let index = 0; index < 12; index += 1) await bundle(shop, `r${index}`, index);
    expect((await pruneArtifactBundles(database, { retentionDays: 90, keepPerProject: 1 }, now)).bundles).toBe(0);
    expect(await releases(shop)).toHaveLength(12);
  });

  it("deletes more than one step's worth of bundles in one pass", async () => {
    const rows = Array.from({ length: 250 }, (_, index) => ({ project_id: shop.project.id, checksum: `c${index}`, bundle_id: null, release: `r${index}`, dist: null, file_count: 0, size_bytes: 0, uploaded_by: "cli", created_at: now - 365 * dayMs - index, last_used_at: null }));
    await database.db.insertInto("artifact_bundles").values(rows).execute();
    expect((await pruneArtifactBundles(database, { retentionDays: 90, keepPerProject: 10 }, now)).bundles).toBe(240);
    expect(await releases(shop)).toHaveLength(10);
  });

  it("runs in the digest worker's housekeeping with the retention it was given, and not without one", async () => {
    const config = createTestConfig({ LANTERN_SOURCEMAP_RETENTION_DAYS: "30", LANTERN_SOURCEMAP_KEEP_PER_PROJECT: "1" });
    await bundle(shop, "old", 40);
    await bundle(shop, "new", 1);
    const without = new DigestWorker(database, { retention: config.retention, pollMs: 60_000 });
    without.start();
    await without.stop();
    expect(await releases(shop)).toEqual(["new", "old"]);
    const worker = new DigestWorker(database, { retention: config.retention, sourceMapRetention: config.sourceMaps, pollMs: 60_000 });
    worker.start();
    await worker.stop();
    expect(await releases(shop)).toEqual(["new"]);
  });

  it("drops upload chunks and assembly records older than a day", async () => {
    const context = systemContext(database, createTestConfig());
    const fresh = Buffer.from("fresh chunk");
    const stale = Buffer.from("stale chunk");
    await saveUploadChunks(context, [fresh, stale].map((data) => ({ sha1: sha1Hex(data), data })));
    await database.db.updateTable("upload_chunks").set({ created_at: now - 2 * dayMs }).where("sha1", "=", sha1Hex(stale)).execute();
    await database.db.insertInto("artifact_assemblies").values([{ checksum: "a".repeat(40), scope: "s", state: "ok", detail: null, updated_at: now - 2 * dayMs }, { checksum: "b".repeat(40), scope: "s", state: "ok", detail: null, updated_at: now }]).execute();
    expect(await pruneArtifactBundles(database, { retentionDays: 90, keepPerProject: 10 }, now)).toEqual({ bundles: 0, chunks: 1, files: 0 });
    expect((await database.db.selectFrom("upload_chunks").select("sha1").execute()).map((row) => row.sha1)).toEqual([sha1Hex(fresh)]);
    expect((await database.db.selectFrom("artifact_assemblies").select("checksum").execute()).map((row) => row.checksum)).toEqual(["b".repeat(40)]);
  });
});
