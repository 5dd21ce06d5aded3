import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildArtifactBundle } from "../../../tests/support/build-zip";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import type { LanternDatabase } from "../db/create-database";
import { insertProject } from "../projects/insert-project";
import { readArtifactFile, sha1Hex } from "./artifact-files";
import { assembleArtifactBundle } from "./assemble-artifact-bundle";
import { pruneArtifactBundles } from "./prune-artifact-bundles";
import { saveUploadChunks } from "./upload-chunks";

const runMs = 30_000;
const dayMs = 86_400_000;
const retention = { retentionDays: 1, keepPerProject: 1 };
const filesPerBundle = 40;

/** The bundle's files: shared ones (`round`'s) and, when `own` is given, one of its own (a new checksum). */
function bundleBytes(instance: number, round: number, own?: string): Buffer {
  const files = Array.from({ length: filesPerBundle }, (_, index) => ({ url: `~/assets/chunk-${index}.js`, type: "minified_source", content: `/* instance ${instance} round ${round} file ${index} */ function f${index}(){}\n`.repeat(20) }));
  if (own !== undefined) files.push({ url: "~/assets/own.js", type: "minified_source", content: own });
  return buildArtifactBundle(files, { release: `r${round}` }, { header: true });
}

async function upload(context: AccessContext, projectSlug: string, bytes: Buffer): Promise<{ state: string; checksum: string }> {
  const checksum = sha1Hex(bytes);
  await saveUploadChunks(context, [{ sha1: checksum, data: bytes }]);
  const answer = await assembleArtifactBundle(context, { checksum, chunks: [checksum], projects: [projectSlug] });
  return { state: answer.state, checksum };
}

/**
 * Acceptance 6 of issue 27: assembly and pruning in loops on two instances (two connection pools on one
 * PostgreSQL database) for 30 s. Each round an instance assembles a bundle, makes it stale (its upload time
 * a week back), and assembles a newer one holding the same files: while the pruners delete the stale
 * bundle and then the files no bundle holds, the new bundle is being stored pointing at those very files.
 * Without the lock between storing and deleting files, new bundles lost files they pointed at.
 */
describe("assembling and pruning source maps on two PostgreSQL instances at once", () => {
  let database: TestDatabase;
  let second: LanternDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
    second = database.reopen();
  });
  afterEach(async () => {
    await second.close();
    await database.destroy();
  });

  it("leave every assembled bundle readable: each one kept has all its files, each one pruned is gone whole", { timeout: 60_000 }, async () => {
    const config = createTestConfig();
    const instances = [database, second];
    const projects = [await insertProject(database.db, { name: "shop" }), await insertProject(database.db, { name: "admin" })];
    const deadline = Date.now() + runMs;
    const assembled: { instance: number; checksum: string }[] = [];
    let pruned = 0;

    const assembleLoop = async (instance: number) => {
      const context = systemContext(instances[instance]!, config);
      const slug = projects[instance]!.project.slug;
      for (let round = 0; Date.now() < deadline; round += 1) {
        const stale = await upload(context, slug, bundleBytes(instance, round));
        expect(stale.state).toBe("ok");
        await instances[instance]!.db.updateTable("artifact_bundles").set({ created_at: Date.now() - 7 * dayMs }).where("checksum", "=", stale.checksum).execute();
        const fresh = await upload(context, slug, bundleBytes(instance, round, `round ${round}`));
        expect(fresh.state).toBe("ok");
        assembled.push({ instance, checksum: fresh.checksum });
      }
    };
    const pruneLoop = async (instance: number) => {
      while (Date.now() < deadline) pruned += (await pruneArtifactBundles(instances[instance]!, retention)).bundles;
    };
    await Promise.all([assembleLoop(0), assembleLoop(1), pruneLoop(0), pruneLoop(1)]);

    const { db } = database;
    expect(pruned, "the pruners deleted stale bundles while new ones were stored").toBeGreaterThan(20);
    expect(assembled.length).toBeGreaterThan(20);
    // Every new bundle is there (it was each project's newest, or recent: retention keeps it) with all its files.
    const bundles = await db.selectFrom("artifact_bundles").select(["id", "checksum", "file_count"]).execute();
    const kept = new Map(bundles.map((bundle) => [bundle.checksum, bundle]));
    expect(assembled.filter(({ checksum }) => !kept.has(checksum))).toEqual([]);
    // Every bundle left, stale ones included, reads whole: each file it lists is stored and inflates to its size.
    const listed = await db.selectFrom("artifact_bundle_files").select(["bundle_id", "file_sha1", "size"]).execute();
    const filesOf = new Map<number, number>();
    for (const row of listed) filesOf.set(Number(row.bundle_id), (filesOf.get(Number(row.bundle_id)) ?? 0) + 1);
    expect(bundles.filter((bundle) => filesOf.get(Number(bundle.id)) !== bundle.file_count)).toEqual([]);
    const pointedAt = [...new Set(listed.map((row) => row.file_sha1))];
    const stored = new Set<string>();
    for (let start = 0; start < pointedAt.length; start += 500) {
      for (const row of await db.selectFrom("artifact_files").select("sha1").where("sha1", "in", pointedAt.slice(start, start + 500)).execute()) stored.add(row.sha1);
    }
    expect(pointedAt.filter((sha1) => !stored.has(sha1)), "files that bundles point at but that were deleted").toEqual([]);
    // And they read: the newest bundle's files inflate to the sizes listed.
    const newest = listed.filter((row) => Number(row.bundle_id) === Math.max(...bundles.map((bundle) => Number(bundle.id))));
    for (const row of newest) expect((await readArtifactFile(db, row.file_sha1))?.length).toBe(Number(row.size));
  });
});
