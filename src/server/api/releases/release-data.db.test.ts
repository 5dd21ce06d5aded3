import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { AccessContext } from "../../access/authorize";
import { systemContext } from "../../access/system-context";
import { insertProject, type CreatedProject } from "../../projects/insert-project";
import { createApiDeploy } from "./create-api-deploy";
import { createApiRelease } from "./create-api-release";
import { deleteApiRelease } from "./delete-api-release";
import { getApiRelease } from "./get-api-release";
import { listApiCommitFiles, listApiCommits } from "./list-api-commits";
import { listApiDeploys } from "./list-api-deploys";
import { listApiReleases } from "./list-api-releases";
import { ApiRelease } from "./release-schemas";
import { updateApiRelease } from "./update-api-release";

/** What sentry-cli sends for set-commits --local (captured from sentry-cli 3.8.0 against a plain receiver). */
const localCommits = [
  {
    patch_set: [
      { path: "README.md", type: "A" },
      { path: "src/checkout.js", type: "M" },
    ],
    repository: "origin",
    author_name: "Dev One",
    author_email: "dev@shop.test",
    timestamp: "2026-11-29T18:48:23Z",
    message: "Fix discount rounding in checkout\n",
    id: "4287af31937a6763f9f729853bdf08c290d7597b",
  },
  { patch_set: [{ path: "src/checkout.js", type: "A" }], repository: "origin", author_name: "Dev Two", author_email: "two@shop.test", timestamp: "2026-11-29T18:48:22Z", message: "Add checkout\n", id: "fa3891ef8cb30bb8aa8267a8e9080c7f04d844d9" },
];

/** The keys Sentry's release serializer has (telemetry-protocol.md §3.7); Sentry's MCP server needs `id`. */
const releaseKeys = ["id", "version", "shortVersion", "status", "versionInfo", "ref", "url", "dateCreated", "dateReleased", "data", "newGroups", "owner", "commitCount", "lastCommit", "deployCount", "lastDeploy", "authors", "projects", "firstEvent", "lastEvent", "currentProjectMeta", "userAgent"];

describe(`release data through the API verbs on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let shop: CreatedProject;
  let admin: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    shop = await insertProject(database.db, { name: "Shop", platform: "javascript" });
    admin = await insertProject(database.db, { name: "Admin", platform: "node" });
  });
  afterEach(() => database.destroy());

  it("serializes a release with every key of Sentry's serializer and a stable integer id per version", async () => {
    const { release } = await createApiRelease(context, { version: "shop@1.0.0", projects: [shop.project.slug, admin.project.slug] });
    expect(Object.keys(release).sort()).toEqual([...releaseKeys].sort());
    expect(ApiRelease.parse(release)).toEqual(release);
    expect(Number.isInteger(release.id)).toBe(true);
    expect(release.projects.map((project) => Object.keys(project).sort())).toEqual([0, 1].map(() => ["hasHealthData", "id", "name", "newGroups", "platform", "platforms", "slug"]));
    // A version an event brought (no API call) gets its id when the API first shows it, and keeps it.
    await database.db.insertInto("releases").values({ project_id: shop.project.id, version: "shop@0.9.0", first_seen: Date.now() - 1000 }).execute();
    const listed = await listApiReleases(context, {});
    const older = listed.find((entry) => entry.version === "shop@0.9.0")!;
    expect(Number.isInteger(older.id)).toBe(true);
    expect(older.id).not.toBe(release.id);
    expect((await getApiRelease(context, "shop@0.9.0")).id).toBe(older.id);
    expect((await getApiRelease(context, "shop@1.0.0", admin.project.slug)).id).toBe(release.id);
  });

  it("records a deploy for the projects named, or for every project of the release", async () => {
    await createApiRelease(context, { version: "shop@2.0.0", projects: [shop.project.slug, admin.project.slug] });
    await createApiDeploy(context, "shop@2.0.0", { environment: "staging", projects: [admin.project.slug], dateFinished: "2026-11-29T10:00:00Z" });
    await createApiDeploy(context, "shop@2.0.0", { environment: "production", dateFinished: "2026-11-29T11:00:00Z" });
    const rows = await database.db.selectFrom("release_deploys").select(["project_id", "environment"]).where("version", "=", "shop@2.0.0").orderBy("id").execute();
    expect(rows.map((row) => [Number(row.project_id), row.environment])).toEqual([
      [admin.project.id, "staging"],
      [shop.project.id, "production"],
      [admin.project.id, "production"],
    ]);
    expect((await getApiRelease(context, "shop@2.0.0", shop.project.slug)).deployCount).toBe(1);
    expect((await getApiRelease(context, "shop@2.0.0", admin.project.slug)).deployCount).toBe(2);
    expect((await listApiDeploys(context, "shop@2.0.0")).map((deploy) => deploy.environment)).toEqual(["production", "production", "staging"]);

    const elsewhere = await insertProject(database.db, { name: "Elsewhere" });
    await expect(createApiDeploy(context, "shop@2.0.0", { environment: "production", projects: [elsewhere.project.slug] })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("has no release") });
    await deleteApiRelease(context, "shop@2.0.0", admin.project.slug);
    expect((await listApiDeploys(context, "shop@2.0.0")).map((deploy) => deploy.environment)).toEqual(["production"]);
  });

  it("stores set-commits' commits and refs, replacing the list each time, and serves them as Sentry does", async () => {
    await createApiRelease(context, { version: "shop@3.0.0", projects: [shop.project.slug] });
    const updated = await updateApiRelease(context, "shop@3.0.0", { commits: localCommits });
    expect(updated).toMatchObject({
      commitCount: 2,
      lastCommit: { id: localCommits[0]!.id, message: "Fix discount rounding in checkout\n", dateCreated: "2026-11-29T18:48:23.000Z", repository: { name: "origin" }, author: { name: "Dev One", email: "dev@shop.test" } },
      authors: [
        { name: "Dev One", email: "dev@shop.test" },
        { name: "Dev Two", email: "two@shop.test" },
      ],
    });
    expect((await listApiCommits(context, "shop@3.0.0")).map((commit) => commit.id)).toEqual(localCommits.map((commit) => commit.id));
    expect((await listApiCommitFiles(context, "shop@3.0.0")).map((file) => [file.filename, file.type, file.author?.name])).toEqual([
      ["README.md", "A", "Dev One"],
      ["src/checkout.js", "M", "Dev One"],
      ["src/checkout.js", "A", "Dev Two"],
    ]);

    // --commit repo@sha: a ref, stored as a commit with only its id; it replaces the list.
    await updateApiRelease(context, "shop@3.0.0", { refs: [{ repository: "acme/shop", commit: "abc123" }] });
    expect(await listApiCommits(context, "shop@3.0.0")).toEqual([{ id: "abc123", message: null, dateCreated: null, repository: { name: "acme/shop" }, author: null }]);
    // A finalize alone leaves them.
    await updateApiRelease(context, "shop@3.0.0", { dateReleased: "2026-11-29T12:00:00Z" });
    expect((await getApiRelease(context, "shop@3.0.0")).commitCount).toBe(1);
  });

  it("refuses commits past their caps with a 400 that names the field", async () => {
    await createApiRelease(context, { version: "shop@4.0.0", projects: [shop.project.slug] });
    const commit = localCommits[0]!;
    await expect(updateApiRelease(context, "shop@4.0.0", { commits: Array.from({ length: 1_001 }, (_, index) => ({ ...commit, id: String(index) })) })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("commits") });
    await expect(updateApiRelease(context, "shop@4.0.0", { commits: [{ ...commit, message: "x".repeat(65_537) }] })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("commits.0.message") });
    await expect(updateApiRelease(context, "shop@4.0.0", { commits: [{ ...commit, patch_set: Array.from({ length: 1_001 }, (_, index) => ({ path: `f${index}`, type: "M" })) }] })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("patch_set") });
    await expect(updateApiRelease(context, "shop@4.0.0", { commits: [{ ...commit, timestamp: "yesterday" }] })).rejects.toMatchObject({ code: "bad_request", message: expect.stringContaining("timestamp") });
    expect((await getApiRelease(context, "shop@4.0.0")).commitCount).toBe(0);
  });
});
