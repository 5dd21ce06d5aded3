import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestUser } from "../../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../../tests/support/test-database";
import type { Permission } from "../../access/viewer";
import { getConfig } from "../../config";
import { digestBatch } from "../../digest/digest-batch";
import { insertProject } from "../../projects/insert-project";
import { chunkUploadOptions } from "../../sourcemaps/upload-chunks";
import { createApiToken } from "../../tokens/api-tokens";
import { tokenIssuerOf } from "../../tokens/org-auth-token";
import { listIssuesRoute } from "./issue-list-routes";
import {
  createDeployRoute,
  createProjectReleaseRoute,
  createReleaseRoute,
  deleteProjectReleaseRoute,
  deleteReleaseRoute,
  listDeploysRoute,
  listProjectReleasesRoute,
  listReleasesRoute,
  listRepositoriesRoute,
  previousReleaseWithCommitsRoute,
  projectReleaseRoute,
  releaseRoute,
  updateProjectReleaseRoute,
  updateReleaseRoute,
} from "./release-routes";
import { assembleArtifactBundleRoute, authInfoRoute, chunkUploadOptionsRoute, listProjectReleaseFilesRoute, uploadChunksRoute, uploadProjectReleaseFileRoute } from "./upload-routes";

/**
 * The upload and release endpoints sentry-cli and the bundler plugins call, through the real route handlers
 * with real tokens on a real database: what they answer, the caps they hold before parsing, and who may
 * call them (an upload-only token uploads and reads nothing; another team's member sees nothing).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteHandler = (request: Request, context: { params: Promise<any> }) => Promise<Response>;

const org = "lantern";
const sha1 = (bytes: Uint8Array | string) => createHash("sha1").update(bytes).digest("hex");

describe(`the upload and release API on ${testDialect}`, () => {
  let database: TestDatabase;
  const config = createTestConfig();
  const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<unknown> };
  let previousDatabase: Promise<unknown> | undefined;
  const tokens: Record<"owner" | "upload" | "read" | "otherTeam", string> = { owner: "", upload: "", read: "", otherTeam: "" };
  let shopSlug = "";

  async function call(route: RouteHandler, token: string | null, path: string, params: Record<string, string>, init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    const request = new Request(`http://lantern.test${path}`, { method: init.method ?? "GET", headers, body: init.body });
    return route(request, { params: Promise.resolve(params) });
  }

  const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });

  function multipart(parts: { field: string; filename?: string; bytes: Uint8Array | string }[]): FormData {
    const form = new FormData();
    for (const part of parts) {
      if (part.filename === undefined) form.append(part.field, part.bytes as string);
      else form.append(part.field, new Blob([typeof part.bytes === "string" ? part.bytes : new Uint8Array(part.bytes)]), part.filename);
    }
    return form;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    previousDatabase = holder.lanternDatabase;
    holder.lanternDatabase = Promise.resolve(database);
    const auth = createTestAuth(database, config);
    const owner = await createTestUser(database, auth, "owner");
    const member = await createTestUser(database, auth, "member");
    const shop = await insertProject(database.db, { name: `upload shop ${Date.now()}`, platform: "javascript-react" });
    shopSlug = shop.project.slug;
    const blog = await insertProject(database.db, { name: `upload blog ${Date.now()}`, platform: "node" });
    const team = await database.db.insertInto("teams").values({ slug: "blog-team", name: "Blog", created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: member.userId }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: blog.project.id }).execute();
    const make = async (userId: string, scopes: Permission[]) => (await createApiToken(database.db, { userId, name: "t", scopes , issuer: tokenIssuerOf(config) })).token;
    tokens.owner = await make(owner.userId, ["read", "write", "admin", "upload"]);
    tokens.upload = await make(owner.userId, ["upload"]);
    tokens.read = await make(owner.userId, ["read"]);
    tokens.otherTeam = await make(member.userId, ["read", "write", "upload"]);
    await storeFixtureEvent(database.db, shop.project.id, "node-message.envelope", (event) => {
      event.message = "upload api";
      event.release = "shop@1.0.0";
    });
    while ((await digestBatch(database)) > 0);
  }, 60_000);

  afterAll(async () => {
    holder.lanternDatabase = previousDatabase;
    await database?.destroy();
  });

  it("GET /api/0/ names the credential's user and only the Sentry scopes it holds", async () => {
    const upload = (await (await call(authInfoRoute, tokens.upload, "/api/0/", {})).json()) as { version: string; auth: { scopes: string[] }; user: { email: string } };
    expect(upload.version).toBe("0");
    expect(upload.auth.scopes).toEqual(["project:releases"]);
    expect(upload.user.email).toMatch(/^owner-/);
    const owner = (await (await call(authInfoRoute, tokens.owner, "/api/0/", {})).json()) as { auth: { scopes: string[] } };
    expect(owner.auth.scopes).toEqual(expect.arrayContaining(["project:releases", "project:read", "event:write", "project:admin"]));
    expect((await call(authInfoRoute, null, "/api/0/", {})).status).toBe(401);
  });

  it("an upload-scoped token cannot read issues or releases (403), and a read token cannot upload (403)", async () => {
    const issues = await call(listIssuesRoute, tokens.upload, `/api/0/projects/${org}/${shopSlug}/issues/`, { organizationSlug: org, projectSlug: shopSlug });
    expect(issues.status).toBe(403);
    expect(((await issues.json()) as { detail: string }).detail).toMatch(/cannot read/);
    expect((await call(listReleasesRoute, tokens.upload, `/api/0/organizations/${org}/releases/`, { organizationSlug: org })).status).toBe(403);
    expect((await call(chunkUploadOptionsRoute, tokens.read, `/api/0/organizations/${org}/chunk-upload/`, { organizationSlug: org })).status).toBe(403);
  });

  it("chunk-upload options: an absolute URL on LANTERN_URL, a power-of-two chunk size, artifact bundles accepted; another organization is 404", async () => {
    const response = await call(chunkUploadOptionsRoute, tokens.upload, `/api/0/organizations/${org}/chunk-upload/`, { organizationSlug: org });
    expect(response.status).toBe(200);
    const options = (await response.json()) as Record<string, unknown>;
    expect(options).toMatchObject({ url: `${getConfig().publicUrl}/api/0/organizations/${org}/chunk-upload/`, hashAlgorithm: "sha1", chunksPerRequest: 64, maxFileSize: getConfig().sourceMaps.maxBundleBytes, compression: ["gzip"] });
    const chunkSize = options.chunkSize as number;
    expect(chunkSize & (chunkSize - 1)).toBe(0);
    expect(options.accept).toEqual(expect.arrayContaining(["artifact_bundles", "artifact_bundles_v2", "release_files", "sources"]));
    expect((await call(chunkUploadOptionsRoute, tokens.upload, "/api/0/organizations/acme/chunk-upload/", { organizationSlug: "acme" })).status).toBe(404);
  });

  it("stores file_gzip and file chunks under their sha1 (and file parts under a gzip Content-Encoding); an empty POST is 200", async () => {
    const path = `/api/0/organizations/${org}/chunk-upload/`;
    const params = { organizationSlug: org };
    const [a, b, c] = ["chunk a ".repeat(100), "chunk b", "chunk c ".repeat(10)];
    const form = multipart([
      { field: "file_gzip", filename: sha1(a), bytes: gzipSync(a) },
      { field: "file", filename: sha1(b), bytes: b },
    ]);
    expect((await call(uploadChunksRoute, tokens.upload, path, params, { method: "POST", body: form })).status).toBe(200);
    const encoded = await call(uploadChunksRoute, tokens.upload, path, params, { method: "POST", body: multipart([{ field: "file", filename: sha1(c), bytes: gzipSync(c) }]), headers: { "content-encoding": "gzip" } });
    expect(encoded.status).toBe(200);
    const stored = await database.db.selectFrom("upload_chunks").select(["sha1", "size"]).where("sha1", "in", [sha1(a), sha1(b), sha1(c)]).orderBy("size").execute();
    expect(stored.map((row) => [row.sha1, Number(row.size)])).toEqual([[sha1(b), b.length], [sha1(c), c.length], [sha1(a), a.length]].sort((x, y) => (x[1] as number) - (y[1] as number)));
    expect((await call(uploadChunksRoute, tokens.upload, path, params, { method: "POST" })).status).toBe(200);
  });

  it("refuses with the reason: a sha1 mismatch (400), a chunk that inflates past chunkSize (400), too many parts (400), a body over maxRequestSize (413)", async () => {
    const path = `/api/0/organizations/${org}/chunk-upload/`;
    const params = { organizationSlug: org };
    const post = (body: BodyInit, headers: Record<string, string> = {}) => call(uploadChunksRoute, tokens.upload, path, params, { method: "POST", body, headers });
    const mismatch = await post(multipart([{ field: "file", filename: sha1("something else"), bytes: "the real bytes" }]));
    expect(mismatch.status).toBe(400);
    expect(((await mismatch.json()) as { detail: string }).detail).toMatch(/does not match/);

    const bomb = gzipSync(Buffer.alloc(chunkUploadOptions.chunkSize + 1));
    expect(bomb.length).toBeLessThan(100_000);
    const inflated = await post(multipart([{ field: "file_gzip", filename: sha1(Buffer.alloc(chunkUploadOptions.chunkSize + 1)), bytes: bomb }]));
    expect(inflated.status).toBe(400);
    expect(((await inflated.json()) as { detail: string }).detail).toMatch(/larger than the chunk size/);

    const many = multipart(Array.from({ length: chunkUploadOptions.chunksPerRequest + 1 }, (_, index) => ({ field: "file", filename: sha1(`c${index}`), bytes: `c${index}` })));
    const tooMany = await post(many);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { detail: string }).detail).toMatch(/At most 64 chunks/);

    const declared = await post("x", { "content-length": String(chunkUploadOptions.maxRequestSize * 2), "content-type": "multipart/form-data; boundary=x" });
    expect(declared.status).toBe(413);
    // No Content-Length: the bytes read are counted.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 40; index++) controller.enqueue(new Uint8Array(1024 * 1024));
        controller.close();
      },
    });
    const request = new Request(`http://lantern.test${path}`, { method: "POST", body: stream, headers: { authorization: `Bearer ${tokens.upload}`, "content-type": "multipart/form-data; boundary=x" }, duplex: "half" } as RequestInit);
    const streamed = await uploadChunksRoute(request, { params: Promise.resolve(params) });
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { detail: string }).detail).toMatch(/larger than/);
    expect(await database.db.selectFrom("upload_chunks").select("sha1").where("sha1", "=", sha1("the real bytes")).executeTakeFirst()).toBeUndefined();
  });

  it("assemble answers the real missing chunks; another team's member gets 404 for a project it cannot see", async () => {
    const data = "a bundle that was never uploaded";
    const body = { checksum: sha1(data), chunks: [sha1(data)], projects: [shopSlug] };
    const path = `/api/0/organizations/${org}/artifactbundle/assemble/`;
    const response = await call(assembleArtifactBundleRoute, tokens.upload, path, { organizationSlug: org }, { method: "POST", ...json(body) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ state: "not_found", missingChunks: [sha1(data)] });
    const hidden = await call(assembleArtifactBundleRoute, tokens.otherTeam, path, { organizationSlug: org }, { method: "POST", ...json(body) });
    expect(hidden.status).toBe(404);
    const invalid = await call(assembleArtifactBundleRoute, tokens.upload, path, { organizationSlug: org }, { method: "POST", ...json({ ...body, checksum: "not-a-sha1" }) });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { detail: string }).detail).toMatch(/checksum/);
  });

  it("releases: create (201, then 208), read, finalize, set-commits accepted, deploys, lists, delete — in Sentry's shapes", async () => {
    const version = `shop@2.0.0+${Date.now()}`;
    const orgParams = { organizationSlug: org };
    const create = () => call(createReleaseRoute, tokens.upload, `/api/0/organizations/${org}/releases/`, orgParams, { method: "POST", ...json({ version, projects: [shopSlug], refs: [{ repository: "acme/shop", commit: "abc" }] }) });
    const created = await create();
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ version, shortVersion: version, dateReleased: null, projects: [{ slug: shopSlug }] });
    expect((await create()).status).toBe(208);

    const releaseParams = { ...orgParams, version };
    const releasePath = `/api/0/organizations/${org}/releases/${encodeURIComponent(version)}/`;
    const finalized = await call(updateReleaseRoute, tokens.upload, releasePath, releaseParams, { method: "PUT", ...json({ dateReleased: "2026-11-25T12:00:00Z", refs: [{ repository: "acme/shop", commit: "def" }] }) });
    expect(finalized.status).toBe(200);
    expect(await finalized.json()).toMatchObject({ version, dateReleased: "2026-11-25T12:00:00.000Z" });

    const deploy = await call(createDeployRoute, tokens.upload, `${releasePath}deploys/`, releaseParams, { method: "POST", ...json({ environment: "production", name: "deploy 1" }) });
    expect(deploy.status).toBe(201);
    expect(await deploy.json()).toMatchObject({ environment: "production", name: "deploy 1" });
    const deploys = (await (await call(listDeploysRoute, tokens.read, `${releasePath}deploys/`, releaseParams)).json()) as { environment: string }[];
    expect(deploys.map((row) => row.environment)).toEqual(["production"]);

    const read = (await (await call(releaseRoute, tokens.read, releasePath, releaseParams)).json()) as { deployCount: number; lastDeploy: { name: string } };
    expect(read).toMatchObject({ deployCount: 1, lastDeploy: { name: "deploy 1" } });
    const listed = (await (await call(listReleasesRoute, tokens.read, `/api/0/organizations/${org}/releases/?query=2.0.0`, orgParams)).json()) as { version: string }[];
    expect(listed.map((row) => row.version)).toEqual([version]);
    const byEvent = (await (await call(listProjectReleasesRoute, tokens.read, `/api/0/projects/${org}/${shopSlug}/releases/`, { ...orgParams, projectSlug: shopSlug })).json()) as { version: string; newGroups: number }[];
    expect(byEvent.map((row) => row.version)).toEqual([version, "shop@1.0.0"]);
    expect(byEvent[1]!.newGroups).toBe(1);
    expect(await (await call(listRepositoriesRoute, tokens.upload, `/api/0/organizations/${org}/repos/`, orgParams)).json()).toEqual([]);

    expect((await call(releaseRoute, tokens.otherTeam, releasePath, releaseParams)).status).toBe(404);
    expect((await call(deleteReleaseRoute, tokens.otherTeam, releasePath, releaseParams, { method: "DELETE" })).status).toBe(404);
    expect((await call(deleteReleaseRoute, tokens.upload, releasePath, releaseParams, { method: "DELETE" })).status).toBe(204);
    expect((await call(releaseRoute, tokens.read, releasePath, releaseParams)).status).toBe(404);
    expect(await database.db.selectFrom("release_deploys").select("id").where("version", "=", version).execute()).toEqual([]);
  });

  it("a project-level create makes the release in that project; bad versions are 400 with the reason", async () => {
    const params = { organizationSlug: org, projectSlug: shopSlug };
    const created = await call(createProjectReleaseRoute, tokens.upload, `/api/0/projects/${org}/${shopSlug}/releases/`, params, { method: "POST", ...json({ version: "project-level-1" }) });
    expect(created.status).toBe(201);
    for (const version of ["a/b", "..", "   ", "x".repeat(201), "line\nbreak"]) {
      const refused = await call(createProjectReleaseRoute, tokens.upload, `/api/0/projects/${org}/${shopSlug}/releases/`, params, { method: "POST", ...json({ version }) });
      expect(refused.status, JSON.stringify(version)).toBe(400);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/^Invalid version/);
    }
    expect((await call(releaseRoute, tokens.read, "/api/0/organizations/lantern/releases/../", { organizationSlug: org, version: ".." })).status).toBe(400);
  });

  it("sentry-cli 2.x's project-level release paths: finalize with PUT, read, delete; set-commits' previous-with-commits is {}", async () => {
    const version = "project-level-2";
    const params = { organizationSlug: org, projectSlug: shopSlug, version };
    const path = `/api/0/projects/${org}/${shopSlug}/releases/${version}/`;
    expect((await call(updateProjectReleaseRoute, tokens.upload, path, params, { method: "PUT", ...json({ dateReleased: "2026-11-25T13:00:00Z" }) })).status).toBe(404);
    await call(createProjectReleaseRoute, tokens.upload, `/api/0/projects/${org}/${shopSlug}/releases/`, params, { method: "POST", ...json({ version }) });
    const finalized = await call(updateProjectReleaseRoute, tokens.upload, path, params, { method: "PUT", ...json({ dateReleased: "2026-11-25T13:00:00Z" }) });
    expect(await finalized.json()).toMatchObject({ version, dateReleased: "2026-11-25T13:00:00.000Z" });
    expect(await (await call(projectReleaseRoute, tokens.read, path, params)).json()).toMatchObject({ version, projects: [{ slug: shopSlug }] });
    expect((await call(projectReleaseRoute, tokens.upload, path, params)).status).toBe(403);
    const previous = await call(previousReleaseWithCommitsRoute, tokens.upload, `/api/0/organizations/${org}/releases/${version}/previous-with-commits/`, { organizationSlug: org, version });
    expect(await previous.json()).toEqual({});
    expect((await call(projectReleaseRoute, tokens.otherTeam, path, params)).status).toBe(404);
    expect((await call(deleteProjectReleaseRoute, tokens.upload, path, params, { method: "DELETE" })).status).toBe(204);
    expect((await call(projectReleaseRoute, tokens.read, path, params)).status).toBe(404);
  });

  it("legacy release files: the multipart form is stored under the release and listed", async () => {
    const version = "legacy-files-1";
    const params = { organizationSlug: org, projectSlug: shopSlug, version };
    const path = `/api/0/projects/${org}/${shopSlug}/releases/${version}/files/`;
    const content = "function a(){throw new Error('x')}\n//# sourceMappingURL=app.min.js.map";
    const form = multipart([{ field: "file", filename: "app.min.js", bytes: content }, { field: "name", bytes: "~/assets/app.min.js" }, { field: "header", bytes: "Sourcemap: app.min.js.map" }]);
    const uploaded = await call(uploadProjectReleaseFileRoute, tokens.upload, path, params, { method: "POST", body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    expect(await uploaded.json()).toMatchObject({ name: "~/assets/app.min.js", sha1: sha1(content), size: content.length, dist: null });
    const listed = (await (await call(listProjectReleaseFilesRoute, tokens.read, path, params)).json()) as { name: string; sha1: string }[];
    expect(listed).toEqual([expect.objectContaining({ name: "~/assets/app.min.js", sha1: sha1(content) })]);
    const noFile = await call(uploadProjectReleaseFileRoute, tokens.upload, path, params, { method: "POST", body: multipart([{ field: "name", bytes: "~/x.js" }]) });
    expect(noFile.status).toBe(400);
    expect((await call(uploadProjectReleaseFileRoute, tokens.read, path, params, { method: "POST", body: form })).status).toBe(403);
  });
});
