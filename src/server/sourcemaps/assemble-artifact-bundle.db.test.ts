import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildArtifactBundle, buildZip, storedEntry } from "../../../tests/support/build-zip";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { systemContext } from "../access/system-context";
import { loadViewer } from "../access/viewer";
import { AppError } from "../errors";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { addTeamMember } from "../teams/add-team-member";
import { addTeamProject } from "../teams/add-team-project";
import { createTeam } from "../teams/create-team";
import { addReleaseFile } from "./add-release-file";
import { readArtifactFile, sha1Hex } from "./artifact-files";
import { assembleArtifactBundle, assembleReleaseArchive } from "./assemble-artifact-bundle";
import { deleteArtifactBundle } from "./delete-artifact-bundle";
import { findArtifactByDebugId, findArtifactsByUrl } from "./find-artifacts";
import { listArtifactBundles } from "./list-artifact-bundles";
import { chunkUploadOptions, saveUploadChunks } from "./upload-chunks";

const debugId = "c0ffee00-1b2c-4d3e-8f90-a1b2c3d4e5f6";
const minified = 'function a(){throw new Error("x")}a();\n//# debugId=c0ffee00-1b2c-4d3e-8f90-a1b2c3d4e5f6\n//# sourceMappingURL=app.min.js.map\n';
const map = JSON.stringify({ version: 3, sources: ["src/app.ts"], names: ["boom"], mappings: "AAAA", sourcesContent: ["function boom() {}"], debug_id: debugId });

function appBundle(options: { release?: string; extra?: string } = {}): Buffer {
  return buildArtifactBundle(
    [
      { url: "~/assets/app.min.js", type: "minified_source", content: minified + (options.extra ?? ""), headers: { "debug-id": debugId, sourcemap: "app.min.js.map" } },
      { url: "~/assets/app.min.js.map", type: "source_map", content: map, headers: { "debug-id": debugId.toUpperCase() } },
    ],
    options.release ? { release: options.release } : {},
    { header: true },
  );
}

/** Splits `bytes` as sentry-cli does: chunks of `size`, each named by its sha1. */
function chunksOf(bytes: Buffer, size = 1024) {
  const chunks: { sha1: string; data: Buffer }[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    const data = bytes.subarray(start, start + size);
    chunks.push({ sha1: sha1Hex(data), data });
  }
  return chunks;
}

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.catch((reason: unknown) => reason);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe(`assembling source-map bundles on ${testDialect}`, () => {
  let database: TestDatabase;
  let system: AccessContext;
  let shop: CreatedProject;
  let other: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    system = systemContext(database, createTestConfig());
    shop = await insertProject(database.db, { name: "Shop" });
    other = await insertProject(database.db, { name: "Other" });
  });
  afterEach(() => database.destroy());

  async function count(table: "artifact_bundles" | "artifact_files" | "artifact_bundle_files" | "upload_chunks" | "artifact_assemblies"): Promise<number> {
    const row = await database.db.selectFrom(table).select(({ fn }) => fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** What sentry-cli does: ask, upload the missing chunks, ask again. */
  async function upload(context: AccessContext, bytes: Buffer, request: { projects: string[]; version?: string | null; dist?: string | null }) {
    const chunks = chunksOf(bytes);
    const input = { checksum: sha1Hex(bytes), chunks: chunks.map((chunk) => chunk.sha1), ...request };
    const first = await assembleArtifactBundle(context, input);
    const missing = chunks.filter((chunk) => first.missingChunks.includes(chunk.sha1));
    for (let start = 0; start < missing.length; start += chunkUploadOptions.chunksPerRequest) await saveUploadChunks(context, missing.slice(start, start + chunkUploadOptions.chunksPerRequest));
    return { first, second: await assembleArtifactBundle(context, input), input };
  }

  describe("saveUploadChunks", () => {
    it("stores verified chunks once and refuses a chunk whose sha1 does not match its bytes (nothing stored)", async () => {
      const [chunk] = chunksOf(Buffer.from("some bundle bytes"));
      await saveUploadChunks(system, [chunk!, chunk!]);
      await saveUploadChunks(system, [chunk!]);
      expect(await count("upload_chunks")).toBe(1);
      const good = chunksOf(Buffer.from("another chunk"))[0]!;
      const error = await appError(saveUploadChunks(system, [good, { sha1: chunk!.sha1, data: Buffer.from("other bytes") }]));
      expect(error).toMatchObject({ code: "bad_request" });
      expect(error.message).toMatch(/does not match its content/);
      expect(await count("upload_chunks")).toBe(1);
    });

    it("refuses a chunk over chunkSize (400), a request over maxRequestSize (413), too many chunks and names that are not sha1s", async () => {
      const big = Buffer.alloc(chunkUploadOptions.chunkSize + 1);
      expect(await appError(saveUploadChunks(system, [{ sha1: sha1Hex(big), data: big }]))).toMatchObject({ code: "bad_request", message: expect.stringMatching(/at most 8388608/) });
      const full = Array.from({ length: 5 }, (_, index) => Buffer.alloc(chunkUploadOptions.chunkSize, index));
      expect(await appError(saveUploadChunks(system, full.map((data) => ({ sha1: sha1Hex(data), data }))))).toMatchObject({ code: "payload_too_large" });
      const many = Array.from({ length: chunkUploadOptions.chunksPerRequest + 1 }, (_, index) => chunksOf(Buffer.from(`chunk ${index}`))[0]!);
      expect(await appError(saveUploadChunks(system, many))).toMatchObject({ code: "bad_request" });
      expect(await appError(saveUploadChunks(system, [{ sha1: "../../etc/passwd", data: Buffer.from("x") }]))).toMatchObject({ code: "bad_request" });
      expect(await count("upload_chunks")).toBe(0);
    });
  });

  describe("assembleArtifactBundle", () => {
    it("answers not_found with the missing chunks, then ok; stores the files by debug ID and by release + URL and drops the chunks", async () => {
      const bytes = appBundle({ release: "shop@1.0.0" });
      const { first, second } = await upload(system, bytes, { projects: [shop.project.slug] });
      expect(first.state).toBe("not_found");
      expect(first.missingChunks).toEqual(chunksOf(bytes).map((chunk) => chunk.sha1));
      expect(second).toEqual({ state: "ok", missingChunks: [], detail: null });
      expect(await count("upload_chunks")).toBe(0);

      const map = await findArtifactByDebugId(database.db, shop.project.id, debugId.toUpperCase(), ["source_map"]);
      expect(map).toMatchObject({ url: "~/assets/app.min.js.map", type: "source_map", debugId, release: "shop@1.0.0", dist: null });
      expect((await readArtifactFile(database.db, map!.sha1))?.toString()).toBe(JSON.stringify({ version: 3, sources: ["src/app.ts"], names: ["boom"], mappings: "AAAA", sourcesContent: ["function boom() {}"], debug_id: debugId }));
      const [script] = await findArtifactsByUrl(database.db, shop.project.id, "shop@1.0.0", null, ["~/assets/app.min.js"]);
      expect(script).toMatchObject({ type: "minified_source", sourcemap: "app.min.js.map", debugId });
      expect(await findArtifactByDebugId(database.db, other.project.id, debugId, ["source_map"])).toBeNull();
    });

    it("is idempotent: the same checksum again answers ok without storing twice, also after the assembly record is gone", async () => {
      const bytes = appBundle();
      await upload(system, bytes, { projects: [shop.project.slug] });
      const again = await upload(system, bytes, { projects: [shop.project.slug] });
      expect(again.first).toEqual({ state: "ok", missingChunks: [], detail: null });
      await database.db.deleteFrom("artifact_assemblies").execute();
      const afterPrune = await upload(system, bytes, { projects: [shop.project.slug] });
      expect(afterPrune.first.state).toBe("not_found");
      expect(afterPrune.second.state).toBe("ok");
      expect([await count("artifact_bundles"), await count("artifact_bundle_files"), await count("artifact_files")]).toEqual([1, 2, 2]);
    });

    it("takes release and dist from the request over the manifest, and stores one bundle per project", async () => {
      await upload(system, appBundle({ release: "from-manifest" }), { projects: [shop.project.slug, other.project.slug], version: "from-request", dist: "web" });
      for (const project of [shop, other]) {
        expect(await findArtifactsByUrl(database.db, project.project.id, "from-request", "web", ["~/assets/app.min.js.map"])).toHaveLength(1);
      }
      expect([await count("artifact_bundles"), await count("artifact_files")]).toEqual([2, 2]);
    });

    it("stores a map once when two bundles carry it", async () => {
      await upload(system, appBundle({ release: "1" }), { projects: [shop.project.slug] });
      await upload(system, appBundle({ release: "1", extra: "// build 2\n" }), { projects: [shop.project.slug] });
      expect(await count("artifact_bundles")).toBe(2);
      expect(await count("artifact_bundle_files")).toBe(4);
      // Two different minified files, one map shared by both bundles.
      expect(await count("artifact_files")).toBe(3);
    });

    it("answers error with a checksum mismatch when the chunks do not add up to the checksum, and stores nothing", async () => {
      const bytes = appBundle();
      const chunks = chunksOf(bytes);
      await saveUploadChunks(system, chunks);
      const answer = await assembleArtifactBundle(system, { checksum: sha1Hex(Buffer.from("something else")), chunks: chunks.map((chunk) => chunk.sha1), projects: [shop.project.slug] });
      expect(answer.state).toBe("error");
      expect(answer.detail).toMatch(/^checksum mismatch/);
      expect([await count("artifact_bundles"), await count("artifact_files"), await count("upload_chunks")]).toEqual([0, 0, 0]);
    });

    it.each([
      ["a malformed manifest", () => buildZip([storedEntry("manifest.json", '{"files": 3}')]), /manifest\.json is malformed/],
      ["a bundle that declares more than the bundle cap", () => buildArtifactBundle([{ url: "~/big.js", type: "source", content: "x".repeat(4096) }]), /declare more than 2048 bytes/],
      ["bytes that are not a zip", () => Buffer.from("not a zip archive"), /not a readable zip archive/],
    ])("refuses %s with state error and the reason, storing nothing", async (_, build, reason) => {
      const context = systemContext(database, createTestConfig({ LANTERN_SOURCEMAP_MAX_BUNDLE: "2048" }));
      const bytes = build();
      const { second } = await upload(context, bytes, { projects: [shop.project.slug] });
      expect(second.state).toBe("error");
      expect(second.detail).toMatch(reason);
      // Polling again reports the same.
      expect(await assembleArtifactBundle(context, { checksum: sha1Hex(bytes), chunks: chunksOf(bytes).map((chunk) => chunk.sha1), projects: [shop.project.slug] })).toEqual(second);
      expect([await count("artifact_bundles"), await count("artifact_bundle_files"), await count("artifact_files")]).toEqual([0, 0, 0]);
    });

    it("refuses a zip bomb past the bundle cap and stores nothing", async () => {
      const { zerosEntry } = await import("../../../tests/support/build-zip");
      const bomb = await zerosEntry("files/_/_/bomb.js", 64 * 1024 * 1024);
      const bytes = buildZip([storedEntry("manifest.json", JSON.stringify({ files: { "files/_/_/bomb.js": { url: "~/bomb.js", type: "minified_source" } } })), bomb]);
      const context = systemContext(database, createTestConfig({ LANTERN_SOURCEMAP_MAX_BUNDLE: String(16 * 1024 * 1024) }));
      const { second } = await upload(context, bytes, { projects: [shop.project.slug] });
      expect(second).toMatchObject({ state: "error", detail: expect.stringMatching(/declare more than 16777216 bytes uncompressed/) });
      expect([await count("artifact_bundles"), await count("artifact_bundle_files"), await count("artifact_files")]).toEqual([0, 0, 0]);
    });

    it("ignores path-traversal names: only the safe file is stored", async () => {
      const bytes = buildZip([
        storedEntry("manifest.json", JSON.stringify({ files: { "../evil.js": { url: "~/evil.js", type: "minified_source" }, "files/_/_/good.js": { url: "~/good.js", type: "minified_source" } } })),
        storedEntry("../evil.js", "evil()"),
        storedEntry("files/_/_/good.js", "good()"),
      ]);
      const { second } = await upload(system, bytes, { projects: [shop.project.slug], version: "1" });
      expect(second.state).toBe("ok");
      const rows = await database.db.selectFrom("artifact_bundle_files").select("url").execute();
      expect(rows.map((row) => row.url)).toEqual(["~/good.js"]);
    });

    it("answers an empty chunk list with not_found and refuses malformed requests (400)", async () => {
      expect(await assembleArtifactBundle(system, { checksum: "a".repeat(40), chunks: [], projects: [shop.project.slug] })).toEqual({ state: "not_found", missingChunks: [], detail: null });
      expect(await appError(assembleArtifactBundle(system, { checksum: "nope", chunks: [], projects: [shop.project.slug] }))).toMatchObject({ code: "bad_request" });
      expect(await appError(assembleArtifactBundle(system, { checksum: "a".repeat(40), chunks: [], projects: [] }))).toMatchObject({ code: "bad_request" });
      expect(await appError(assembleArtifactBundle(system, { checksum: "a".repeat(40), chunks: [], projects: [shop.project.slug], version: "a/b" }))).toMatchObject({ code: "bad_request" });
      expect(await appError(assembleArtifactBundle(system, { checksum: "a".repeat(40), chunks: [], projects: ["no-such-project"] }))).toMatchObject({ code: "not_found" });
    });
  });

  describe("legacy uploads", () => {
    it("assembleReleaseArchive stores the archive under the release for the release's projects", async () => {
      await database.db.insertInto("releases").values({ project_id: other.project.id, version: "2.0.0", first_seen: Date.now() }).execute();
      const bytes = buildArtifactBundle([{ url: "~/assets/app.min.js", type: "minified_source", content: minified, headers: { Sourcemap: "app.min.js.map" } }], { dist: "ios" });
      const chunks = chunksOf(bytes);
      const input = { checksum: sha1Hex(bytes), chunks: chunks.map((chunk) => chunk.sha1), version: "2.0.0", projects: [] };
      expect((await assembleReleaseArchive(system, input)).state).toBe("not_found");
      await saveUploadChunks(system, chunks);
      expect((await assembleReleaseArchive(system, input)).state).toBe("ok");
      expect(await findArtifactsByUrl(database.db, other.project.id, "2.0.0", "ios", ["~/assets/app.min.js"])).toMatchObject([{ sourcemap: "app.min.js.map", debugId: null }]);
      expect(await findArtifactsByUrl(database.db, shop.project.id, "2.0.0", "ios", ["~/assets/app.min.js"])).toEqual([]);
      expect(await appError(assembleReleaseArchive(system, { ...input, version: "9.9.9" }))).toMatchObject({ code: "not_found" });
    });

    it("addReleaseFile keeps one bundle per release and dist, replaces a file of the same name, and caps the size", async () => {
      const input = { projectSlug: shop.project.slug, version: "1.0", dist: null, headers: { Sourcemap: "app.js.map" } };
      const first = await addReleaseFile(system, { ...input, name: "~/app.js", content: Buffer.from("first()") });
      expect(first).toMatchObject({ name: "~/app.js", dist: null, sha1: sha1Hex(Buffer.from("first()")), size: 7, headers: { Sourcemap: "app.js.map" } });
      await addReleaseFile(system, { ...input, name: "~/app.js.map", content: Buffer.from(map), headers: {} });
      await addReleaseFile(system, { ...input, name: "~/app.js", content: Buffer.from("second()") });
      await addReleaseFile(system, { ...input, dist: "web", name: "~/app.js", content: Buffer.from("web()") });
      const found = await findArtifactsByUrl(database.db, shop.project.id, "1.0", null, ["~/app.js", "~/app.js.map"]);
      expect(found.map((file) => [file.url, file.type, file.sourcemap])).toEqual(expect.arrayContaining([["~/app.js", "minified_source", "app.js.map"], ["~/app.js.map", "source_map", null]]));
      expect((await readArtifactFile(database.db, found.find((file) => file.url === "~/app.js")!.sha1))?.toString()).toBe("second()");
      const bundles = await database.db.selectFrom("artifact_bundles").select(["checksum", "file_count", "size_bytes"]).orderBy("checksum").execute();
      expect(bundles.map((row) => [row.checksum, Number(row.file_count), Number(row.size_bytes)])).toEqual([["release-files:1.0:", 2, 8 + map.length], ["release-files:1.0:web", 1, 5]]);
      const small = systemContext(database, createTestConfig({ LANTERN_SOURCEMAP_MAX_BUNDLE: "10" }));
      expect(await appError(addReleaseFile(small, { ...input, name: "~/big.js", content: Buffer.alloc(11) }))).toMatchObject({ code: "payload_too_large" });
    });
  });

  describe("access", () => {
    let ownTeamMember: AccessContext;
    let otherTeamMember: AccessContext;
    let admin: AccessContext;

    beforeEach(async () => {
      const config = createTestConfig();
      const auth = createTestAuth(database, config);
      const memberA = await createTestUser(database, auth, "member");
      const memberB = await createTestUser(database, auth, "member");
      const adminUser = await createTestUser(database, auth, "admin");
      const teamA = await createTeam(system, { name: "Team A" });
      const teamB = await createTeam(system, { name: "Team B" });
      await addTeamMember(system, { teamId: teamA.id, userId: memberA.userId });
      await addTeamProject(system, { teamId: teamA.id, projectId: shop.project.id });
      await addTeamMember(system, { teamId: teamB.id, userId: memberB.userId });
      await addTeamProject(system, { teamId: teamB.id, projectId: other.project.id });
      ownTeamMember = await createTestContext(database, config, memberA.userId);
      otherTeamMember = await createTestContext(database, config, memberB.userId);
      admin = await createTestContext(database, config, adminUser.userId);
    });

    it("another team's member cannot assemble into, list or delete a project's bundles (404), and nothing changes", async () => {
      const bytes = appBundle();
      const { second } = await upload(ownTeamMember, bytes, { projects: [shop.project.slug] });
      expect(second.state).toBe("ok");
      const [bundle] = (await listArtifactBundles(ownTeamMember, { projectSlug: shop.project.slug })).bundles;
      expect(bundle).toMatchObject({ uploadedBy: ownTeamMember.viewer.actor, fileCount: 2, debugIds: [debugId] });

      const other = appBundle({ extra: "// theirs\n" });
      const chunks = chunksOf(other);
      await saveUploadChunks(otherTeamMember, chunks);
      expect(await appError(assembleArtifactBundle(otherTeamMember, { checksum: sha1Hex(other), chunks: chunks.map((chunk) => chunk.sha1), projects: [shop.project.slug] }))).toMatchObject({ code: "not_found" });
      expect(await appError(listArtifactBundles(otherTeamMember, { projectSlug: shop.project.slug }))).toMatchObject({ code: "not_found" });
      expect(await appError(deleteArtifactBundle(otherTeamMember, { projectSlug: shop.project.slug, bundleId: bundle!.id }))).toMatchObject({ code: "not_found" });
      expect(await appError(addReleaseFile(otherTeamMember, { projectSlug: shop.project.slug, version: "1", dist: null, name: "~/x.js", content: Buffer.from("x"), headers: {} }))).toMatchObject({ code: "not_found" });
      expect(await count("artifact_bundles")).toBe(1);
    });

    it("a member may list but not delete (admin); an upload-only token may upload but not list", async () => {
      const { second } = await upload(ownTeamMember, appBundle(), { projects: [shop.project.slug] });
      expect(second.state).toBe("ok");
      const [bundle] = (await listArtifactBundles(ownTeamMember, { projectSlug: shop.project.slug })).bundles;
      expect(await appError(deleteArtifactBundle(ownTeamMember, { projectSlug: shop.project.slug, bundleId: bundle!.id }))).toMatchObject({ code: "forbidden" });
      const uploadOnly: AccessContext = { ...ownTeamMember, viewer: (await loadViewer(database.db, ownTeamMember.viewer.userId, ["upload"]))! };
      await addReleaseFile(uploadOnly, { projectSlug: shop.project.slug, version: "1", dist: null, name: "~/x.js", content: Buffer.from("x"), headers: {} });
      expect(await appError(listArtifactBundles(uploadOnly, { projectSlug: shop.project.slug }))).toMatchObject({ code: "forbidden" });
      const readOnly: AccessContext = { ...ownTeamMember, viewer: (await loadViewer(database.db, ownTeamMember.viewer.userId, ["read"]))! };
      expect(await appError(saveUploadChunks(readOnly, chunksOf(Buffer.from("x"))))).toMatchObject({ code: "forbidden" });
      expect(await appError(assembleArtifactBundle(readOnly, { checksum: "a".repeat(40), chunks: [], projects: [shop.project.slug] }))).toMatchObject({ code: "forbidden" });
    });

    it("an admin deletes a bundle: its index and the files no other bundle holds go, the audit log says so, and the same upload stores it again", async () => {
      await upload(admin, appBundle({ release: "1" }), { projects: [shop.project.slug] });
      await upload(admin, appBundle({ release: "1", extra: "// build 2\n" }), { projects: [shop.project.slug] });
      const { bundles } = await listArtifactBundles(admin, { projectSlug: shop.project.slug });
      expect(bundles).toHaveLength(2);
      await deleteArtifactBundle(admin, { projectSlug: shop.project.slug, bundleId: bundles[0]!.id });
      expect([await count("artifact_bundles"), await count("artifact_bundle_files"), await count("artifact_files")]).toEqual([1, 2, 2]);
      expect(await findArtifactByDebugId(database.db, shop.project.id, debugId, ["source_map"])).toMatchObject({ bundleId: bundles[1]!.id });
      const audit = await database.db.selectFrom("audit_log").select(["action", "actor", "target"]).where("action", "=", "sourcemap.bundle_deleted").execute();
      expect(audit).toEqual([{ action: "sourcemap.bundle_deleted", actor: admin.viewer.actor, target: `project:${shop.project.slug}` }]);
      expect(await appError(deleteArtifactBundle(admin, { projectSlug: shop.project.slug, bundleId: bundles[0]!.id }))).toMatchObject({ code: "not_found" });
      expect(await appError(deleteArtifactBundle(admin, { projectSlug: other.project.slug, bundleId: bundles[1]!.id }))).toMatchObject({ code: "not_found" });
      const again = await upload(admin, appBundle({ release: "1", extra: "// build 2\n" }), { projects: [shop.project.slug] });
      expect([again.first.state, again.second.state]).toEqual(["not_found", "ok"]);
      expect(await count("artifact_bundles")).toBe(2);
    });
  });

  describe("listArtifactBundles", () => {
    it("lists newest first with release, dist, debug IDs, files, size and uploader, a page at a time", async () => {
      for (const release of ["1", "2", "3"]) await upload(system, appBundle({ release, extra: `// ${release}\n` }), { projects: [shop.project.slug], dist: "web" });
      await database.db.updateTable("artifact_bundles").set({ created_at: 1_000 }).where("release", "=", "1").execute();
      const page = await listArtifactBundles(system, { projectSlug: shop.project.slug, limit: 2 });
      expect(page.bundles.map((bundle) => bundle.release)).toEqual(["3", "2"]);
      expect(page.bundles[0]).toMatchObject({ dist: "web", fileCount: 2, debugIds: [debugId], debugIdCount: 1, uploadedBy: "cli", lastUsedAt: null });
      expect(page.bundles[0]!.sizeBytes).toBe(minified.length + "// 3\n".length + map.length);
      const next = await listArtifactBundles(system, { projectSlug: shop.project.slug, limit: 2, cursor: page.nextCursor });
      expect(next.bundles.map((bundle) => bundle.release)).toEqual(["1"]);
      expect(next.nextCursor).toBeNull();
      expect(await appError(listArtifactBundles(system, { projectSlug: shop.project.slug, cursor: "garbage" }))).toMatchObject({ code: "bad_request" });
      expect((await listArtifactBundles(system, { projectSlug: other.project.slug })).bundles).toEqual([]);
    });
  });
});
