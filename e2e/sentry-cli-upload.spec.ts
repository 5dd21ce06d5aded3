import { execFile } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { slugify } from "../src/lib/slugify";
import { openLanternDatabase } from "./support/lantern-database";
import { buildMinifiedApp, e2eOrganizationSlug, injectDebugIds, removeMinifiedApp, runInShell, runSentryCli, uploadSourceMaps, type MinifiedApp } from "./support/minified-app";
import { anonymousState, e2eBaseUrl, e2eOwner, e2eOwnerState, e2eServerEnvironment } from "./support/server";

/**
 * The upload API against `npm start`, driven by the unmodified tools a team runs in CI: sentry-cli 3.8
 * (`sourcemaps inject` + `upload`, with and without a release) and the 2.58.6 CLI the bundler plugins ship
 * (`releases new`, `files … upload-sourcemaps`, single release files, `finalize`, `deploys new`, `set-commits`),
 * plus `sentry-cli info`; then what a hostile client sends, over plain HTTP. What was stored is read back
 * from the database. Resolution of the uploaded maps in events is e2e/source-maps.spec.ts.
 */
test.use({ storageState: anonymousState });

const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = randomUUID().slice(0, 8);
const org = e2eOrganizationSlug;
const legacyCli = resolve("node_modules/@sentry/bundler-plugins/node_modules/@sentry/cli/bin/sentry-cli");
const sha1 = (bytes: Uint8Array | string) => createHash("sha1").update(bytes).digest("hex");

let app: MinifiedApp | undefined;
let debugId = "";
let projectSlug = "";
let otherProjectSlug = "";
const tokens = { upload: "", ownerAll: "", otherTeamMember: "" };

async function lantern(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
  return stdout.trim();
}

async function createProject(name: string): Promise<{ slug: string; id: number }> {
  const fullName = `${name} ${run}`;
  const dsn = (await lantern(["project", "create", fullName, "--platform", "javascript"])).split("\n").pop()!;
  return { slug: slugify(fullName), id: Number(new URL(dsn).pathname.slice(1)) };
}

async function createToken(email: string, scopes: string): Promise<string> {
  const token = (await lantern(["token", "create", "--user", email, "--scopes", scopes, "--name", `cli upload e2e ${run}`])).split("\n").pop()!;
  expect(token).toMatch(/^sntrys_/);
  return token;
}

/** The 2.x CLI as a CI job runs it: the token in SENTRY_AUTH_TOKEN, URL, org and project on the command line. */
function legacy(args: string): ReturnType<typeof runInShell> {
  return runInShell(app!, `"${legacyCli}" --url ${e2eBaseUrl} releases --org ${org} --project ${projectSlug} ${args}`, tokens.upload);
}

async function withDatabase<T>(read: (database: ReturnType<typeof openLanternDatabase>) => Promise<T>): Promise<T> {
  const database = openLanternDatabase();
  try {
    return await read(database);
  } finally {
    await database.close();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  projectSlug = (await createProject("cli upload shop")).slug;
  const other = await createProject("cli upload other team");
  otherProjectSlug = other.slug;
  tokens.upload = await createToken(e2eOwner.email, "upload");
  tokens.ownerAll = await createToken(e2eOwner.email, "read,write,admin,upload");
  // A member of a team that holds only the other project: the shop is not theirs to see.
  const member = `cli-upload-member-${run}@lantern.test`;
  await lantern(["user", "create", "--email", member, "--name", "Other Team"]);
  await withDatabase(async (database) => {
    const user = await database.db.selectFrom("users").select("id").where("email", "=", member).executeTakeFirstOrThrow();
    const team = await database.db.insertInto("teams").values({ slug: `cli-upload-${run}`, name: `CLI upload ${run}`, created_at: Date.now() }).returning("id").executeTakeFirstOrThrow();
    await database.db.insertInto("team_members").values({ team_id: team.id, user_id: user.id }).execute();
    await database.db.insertInto("team_projects").values({ team_id: team.id, project_id: other.id }).execute();
  });
  tokens.otherTeamMember = await createToken(member, "read,write,upload");
  app = await buildMinifiedApp();
  debugId = await injectDebugIds(app);
});

test.afterAll(async () => {
  await removeMinifiedApp(app);
});

test("sentry-cli info shows the token's user and that an upload token holds project:releases only", async () => {
  const { stdout } = await runSentryCli(app!, ["--url", e2eBaseUrl, "--auth-token", tokens.upload, "info"]);
  expect(stdout).toContain(`User: ${e2eOwner.email}`);
  const scopes = stdout.slice(stdout.indexOf("Scopes:")).split("\n").slice(1).map((line) => line.trim()).filter((line) => line.startsWith("- "));
  expect(scopes).toEqual(["- project:releases"]);
});

test("sentry-cli 3.8 sourcemaps inject + upload stores one bundle holding the minified file and its map by debug ID", async () => {
  const { stdout } = await uploadSourceMaps(app!, { projectSlug, authToken: tokens.upload });
  expect(stdout).toContain(`~/assets/app.js (sourcemap at app.js.map, debug id ${debugId})`);
  const files = await withDatabase((database) =>
    database.db
      .selectFrom("artifact_bundle_files")
      .innerJoin("projects", "projects.id", "artifact_bundle_files.project_id")
      .select(["artifact_bundle_files.url", "artifact_bundle_files.type", "artifact_bundle_files.debug_id", "artifact_bundle_files.release"])
      .where("projects.slug", "=", projectSlug)
      .where("artifact_bundle_files.release", "is", null)
      .orderBy("artifact_bundle_files.url")
      .execute(),
  );
  expect(files).toEqual([
    { url: "~/assets/app.js", type: "minified_source", debug_id: debugId, release: null },
    { url: "~/assets/app.js.map", type: "source_map", debug_id: debugId, release: null },
  ]);
  // The same upload again is the same bundle: assemble answers ok without storing twice.
  await uploadSourceMaps(app!, { projectSlug, authToken: tokens.upload });
  const bundles = await withDatabase((database) =>
    database.db.selectFrom("artifact_bundles").innerJoin("projects", "projects.id", "artifact_bundles.project_id").select("artifact_bundles.id").where("projects.slug", "=", projectSlug).where("artifact_bundles.release", "is", null).execute(),
  );
  expect(bundles).toHaveLength(1);
});

test("sentry-cli 3.8 sourcemaps upload --release R --url-prefix '~/assets' indexes the files under release R at ~/assets/…", async () => {
  const release = `shop@${run}`;
  await uploadSourceMaps(app!, { projectSlug, authToken: tokens.upload, release, urlPrefix: "~/assets" });
  const files = await withDatabase((database) =>
    database.db
      .selectFrom("artifact_bundle_files")
      .innerJoin("projects", "projects.id", "artifact_bundle_files.project_id")
      .select(["artifact_bundle_files.url", "artifact_bundle_files.type", "artifact_bundle_files.sourcemap"])
      .where("projects.slug", "=", projectSlug)
      .where("artifact_bundle_files.release", "=", release)
      .orderBy("artifact_bundle_files.url")
      .execute(),
  );
  expect(files).toEqual([
    { url: "~/assets/app.js", type: "minified_source", sourcemap: "app.js.map" },
    { url: "~/assets/app.js.map", type: "source_map", sourcemap: null },
  ]);
});

test("sentry-cli 2.58.6 with an upload-only token: releases new, files upload-sourcemaps and upload, set-commits, finalize, deploys new", async () => {
  const release = `legacy@${run}`;
  expect((await legacy(`new ${release}`)).stdout).toContain(`Created release ${release}`);
  await legacy(`files ${release} upload-sourcemaps --url-prefix '~/assets' dist/assets`);
  // One file per request: the legacy release-file endpoint.
  await legacy(`files ${release} upload dist/assets/app.js '~/static/app.js' --dist web`);
  await execFileAsync("git", ["init", "-q", "."], { cwd: app!.root });
  await execFileAsync("git", ["-c", "user.email=ci@lantern.test", "-c", "user.name=CI", "commit", "-q", "--allow-empty", "-m", "release"], { cwd: app!.root });
  expect((await legacy(`set-commits ${release} --auto --ignore-missing`)).stdout).toContain(`Set commits for release ${release}`);
  expect((await legacy(`finalize ${release}`)).stdout).toContain(`Finalized release ${release}`);
  expect((await legacy(`deploys ${release} new -e production -n e2e`)).stdout).toContain("Created new deploy e2e for 'production'");

  const stored = await withDatabase(async (database) => ({
    release: await database.db.selectFrom("releases").innerJoin("projects", "projects.id", "releases.project_id").select(["releases.date_released", "releases.created_by"]).where("projects.slug", "=", projectSlug).where("version", "=", release).executeTakeFirst(),
    deploys: await database.db.selectFrom("release_deploys").select(["environment", "name"]).where("version", "=", release).execute(),
    files: await database.db
      .selectFrom("artifact_bundle_files")
      .select(["url", "dist"])
      .where("release", "=", release)
      .orderBy("url")
      .execute(),
  }));
  expect(stored.release?.date_released).toBeGreaterThan(Date.now() - 120_000);
  expect(stored.release?.created_by).toBe(`user:${e2eOwner.email}`);
  expect(stored.deploys).toEqual([{ environment: "production", name: "e2e" }]);
  expect(stored.files).toEqual([
    { url: "~/assets/app.js", dist: null },
    { url: "~/assets/app.js.map", dist: null },
    { url: "~/static/app.js", dist: "web" },
  ]);

  // Reading is not what an upload token is for: the release list answers 403 to it, and the owner's full token reads it.
  await expect(legacy("list")).rejects.toThrow(/cannot read.*403/s);
  const listed = await runInShell(app!, `"${legacyCli}" --url ${e2eBaseUrl} releases --org ${org} --project ${projectSlug} info ${release}`, tokens.ownerAll);
  expect(listed.stdout).toContain(release);
});

test.describe("Settings → Account", () => {
  test.use({ storageState: e2eOwnerState });

  test("makes an upload-only token that sentry-cli uploads with and that cannot read issues", async ({ page }) => {
    await page.goto("/settings/account");
    const form = page.getByRole("form", { name: "Create an API token" });
    await form.getByLabel("Name").fill(`ci uploads ${run}`);
    await form.getByRole("checkbox", { name: /^read/ }).uncheck();
    await form.getByRole("checkbox", { name: /^upload/ }).check();
    await page.getByRole("button", { name: "Create token" }).click();
    const token = (await page.getByRole("status").filter({ hasText: "Bearer" }).locator("code").textContent()) ?? "";
    expect(token).toMatch(/^sntrys_/);
    const info = (await (await fetch(`${e2eBaseUrl}/api/0/`, { headers: { authorization: `Bearer ${token}` } })).json()) as { auth: { scopes: string[] } };
    expect(info.auth.scopes).toEqual(["project:releases"]);
    const { stdout } = await uploadSourceMaps(app!, { projectSlug, authToken: token, release: `ui@${run}`, urlPrefix: "~/assets" });
    expect(stdout).toContain("~/assets/app.js");
    expect((await fetch(`${e2eBaseUrl}/api/0/projects/${org}/${projectSlug}/issues/`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(403);
  });
});

test.describe("hostile uploads over HTTP", () => {
  const chunkUrl = `${e2eBaseUrl}/api/0/organizations/${org}/chunk-upload/`;
  const post = (url: string, token: string, body: BodyInit, headers: Record<string, string> = {}) => fetch(url, { method: "POST", body, headers: { authorization: `Bearer ${token}`, ...headers } });
  const chunkForm = (field: string, name: string, bytes: Uint8Array | string) => {
    const form = new FormData();
    form.append(field, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
    return form;
  };

  test("a chunk whose sha1 does not match is 400 and is not stored", async () => {
    const response = await post(chunkUrl, tokens.upload, chunkForm("file", sha1("what it claims"), "what it is"));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/does not match/);
    const stored = await withDatabase((database) => database.db.selectFrom("upload_chunks").select("sha1").where("sha1", "in", [sha1("what it claims"), sha1("what it is")]).execute());
    expect(stored).toEqual([]);
  });

  test("a gzip chunk that inflates past the chunk size is 400; a request over maxRequestSize is 413", async () => {
    const options = (await (await fetch(chunkUrl, { headers: { authorization: `Bearer ${tokens.upload}` } })).json()) as { chunkSize: number; maxRequestSize: number };
    const huge = Buffer.alloc(options.chunkSize + 1, 7);
    const inflated = await post(chunkUrl, tokens.upload, chunkForm("file_gzip", sha1(huge), gzipSync(huge)));
    expect(inflated.status).toBe(400);
    expect(((await inflated.json()) as { detail: string }).detail).toMatch(/larger than the chunk size/);
    const tooLarge = await post(chunkUrl, tokens.upload, chunkForm("file", sha1(huge), Buffer.alloc(options.maxRequestSize + 1024 * 1024)));
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as { detail: string }).detail).toMatch(/larger than/);
  });

  test("another team's member cannot assemble into a project it cannot see (404), nor read its release files (404)", async () => {
    const body = JSON.stringify({ checksum: sha1("bundle"), chunks: [sha1("bundle")], projects: [projectSlug] });
    const assemble = await post(`${e2eBaseUrl}/api/0/organizations/${org}/artifactbundle/assemble/`, tokens.otherTeamMember, body, { "content-type": "application/json" });
    expect(assemble.status).toBe(404);
    const own = await post(`${e2eBaseUrl}/api/0/organizations/${org}/artifactbundle/assemble/`, tokens.otherTeamMember, JSON.stringify({ ...JSON.parse(body), projects: [otherProjectSlug] }), { "content-type": "application/json" });
    expect(await own.json()).toMatchObject({ state: "not_found", missingChunks: [sha1("bundle")] });
    const files = await fetch(`${e2eBaseUrl}/api/0/projects/${org}/${projectSlug}/releases/legacy@${run}/files/`, { headers: { authorization: `Bearer ${tokens.otherTeamMember}` } });
    expect(files.status).toBe(404);
  });

  test("an upload-scoped token cannot read issues (403)", async () => {
    const response = await fetch(`${e2eBaseUrl}/api/0/projects/${org}/${projectSlug}/issues/`, { headers: { authorization: `Bearer ${tokens.upload}` } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: string }).detail).toBe("This credential cannot read.");
  });
});
