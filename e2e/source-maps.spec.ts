import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { inflateSync } from "node:zlib";
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import sentryEsbuildPlugin from "@sentry/esbuild-plugin";
import { slugify } from "../src/lib/slugify";
import { openLanternDatabase } from "./support/lantern-database";
import {
  buildMinifiedApp,
  buildMinifiedServer,
  copyMinifiedApp,
  e2eOrganizationSlug,
  injectDebugIds,
  readDebugId,
  removeMinifiedApp,
  runInShell,
  runLegacySentryCli,
  runMinifiedServer,
  serveMinifiedApp,
  throwingFunction,
  throwingLine,
  uploadSourceMaps,
  type MinifiedApp,
  type ServedApp,
} from "./support/minified-app";
import { e2eBaseUrl, e2eOwner, e2eServerEnvironment, e2eServerLog } from "./support/server";

/**
 * Source maps end to end with the real tools (issue 18): a small TypeScript front end minified by esbuild,
 * the real `@sentry/browser` inside it running in Chromium on its own origin, maps uploaded to the running
 * Lantern by the real `sentry-cli` 3.8 or by `@sentry/esbuild-plugin` 5.4 (which drives the 2.x CLI), and
 * the issue page and the API read back. One build of each variant serves every test; each test has its
 * own project, so what one uploads never resolves another's frames.
 */

const execFileAsync = promisify(execFile);
const environment = { ...process.env, ...e2eServerEnvironment };
const run = randomUUID().slice(0, 8);
const throwingCode = throwingLine.trim();

async function lantern(args: string[]): Promise<string> {
  const { stdout } = await execFileAsync(process.execPath, ["cli/lantern.mjs", ...args], { env: environment, encoding: "utf8" });
  return stdout.trim();
}

interface Project {
  slug: string;
  id: number;
  dsn: string;
}

async function createProject(name: string): Promise<Project> {
  const fullName = `${name} ${run}`;
  const dsn = (await lantern(["project", "create", fullName, "--platform", "javascript"])).split("\n").pop()!;
  expect(dsn).toMatch(/^http:\/\/[0-9a-f]{32}@127\.0\.0\.1:\d+\/\d+$/);
  return { slug: slugify(fullName), id: Number(new URL(dsn).pathname.slice(1)), dsn };
}

async function createToken(scopes: string): Promise<string> {
  const token = (await lantern(["token", "create", "--user", e2eOwner.email, "--scopes", scopes, "--name", `source maps e2e ${scopes} ${run}`])).split("\n").pop()!;
  expect(token).toMatch(/^sntrys_/);
  return token;
}

/** Opens the shop page (its DSN, release and coupon in the query), clicks Pay and returns the id of the event the SDK posted and Lantern answered 200. */
async function sendCheckoutError(page: Page, served: ServedApp, options: { project: Project; release?: string }): Promise<string> {
  const coupon = `C${randomUUID().slice(0, 8).toUpperCase()}`;
  await page.goto(served.pageUrl({ dsn: options.project.dsn, release: options.release, coupon }));
  await expect(page.getByRole("status")).toHaveText(/^Ready/);
  const endpoint = `${e2eBaseUrl}/api/${options.project.id}/envelope/`;
  const posted = page.waitForResponse((response) => response.request().method() === "POST" && response.url().startsWith(endpoint) && (response.request().postData() ?? "").includes(coupon));
  await page.getByRole("button", { name: "Pay" }).click();
  const response = await posted;
  expect(response.status()).toBe(200);
  await expect(page.getByRole("list", { name: "Deliveries" }).getByRole("listitem")).toHaveText(["RangeError answered 200"]);
  const header = JSON.parse((response.request().postData() ?? "").split("\n")[0] ?? "{}") as { event_id?: string };
  expect(header.event_id).toMatch(/^[0-9a-f]{32}$/);
  return header.event_id!;
}

type Frame = Record<string, unknown>;
interface StoredEvent {
  release?: string;
  debug_meta?: { images?: Record<string, unknown>[] };
  exception?: { values?: { stacktrace?: { frames?: Frame[] }; raw_stacktrace?: { frames?: Frame[] } }[] };
}

/** Waits until digest stored the event; returns its issue and the stored payload. */
async function digestedEvent(project: Project, eventId: string): Promise<{ issueId: number; event: StoredEvent }> {
  const database = openLanternDatabase();
  try {
    const find = () => database.db.selectFrom("events").select(["issue_id", "payload"]).where("project_id", "=", project.id).where("event_id", "=", eventId).executeTakeFirst();
    await expect.poll(async () => (await find()) !== undefined, { message: `event ${eventId} is digested`, timeout: 20_000, intervals: [100, 250, 500] }).toBe(true);
    const row = (await find())!;
    return { issueId: Number(row.issue_id), event: JSON.parse(inflateSync(row.payload).toString("utf8")) as StoredEvent };
  } finally {
    await database.close();
  }
}

const crashingFrameOf = (event: StoredEvent): Frame | undefined => event.exception?.values?.at(-1)?.stacktrace?.frames?.at(-1);

/** A frame in Sentry's API form (camelCase), as far as these tests read it. */
interface ApiFrame {
  function: string | null;
  filename: string | null;
  absPath: string | null;
  lineNo: number | null;
  colNo: number | null;
  context: [number, string][];
  inApp: boolean;
}
type ApiStacktrace = { frames: ApiFrame[] } | null;

/** The event's exception as GET /api/0/projects/{org}/{project}/events/{id}/ answers it. */
async function apiEvent(request: APIRequestContext, project: Project, eventId: string, token: string) {
  const path = `/api/0/projects/${e2eOrganizationSlug}/${project.slug}/events/${eventId}/`;
  const response = await request.get(path, { headers: { Authorization: `Bearer ${token}` }, failOnStatusCode: false });
  expect(response.status(), `GET ${path}${response.status() === 500 ? `\n${readFileSync(e2eServerLog, "utf8").slice(-4000)}` : ""}`).toBe(200);
  const body = (await response.json()) as { entries: { type: string; data: { values?: { stacktrace: ApiStacktrace; rawStacktrace: ApiStacktrace }[] } }[] };
  const exception = body.entries.find((entry) => entry.type === "exception")?.data.values?.at(-1);
  expect(exception, "the event has an exception entry").toBeDefined();
  return exception!;
}

/** The crashing frame reads as the original TypeScript: function, file, line and the throw in its source context. */
function expectResolvedApiFrame(frame: ApiFrame | undefined, app: MinifiedApp): void {
  expect(frame, "a crashing frame").toBeDefined();
  expect(frame!.function).toBe(throwingFunction);
  expect(frame!.filename).toMatch(/(^|\/)src\/checkout\.ts$/);
  expect(frame!.lineNo).toBe(app.throwLine);
  // The column of `new RangeError(…)` (V8 reports where the error was constructed) or of the throw.
  expect(frame!.colNo).toBeGreaterThanOrEqual(throwingLine.indexOf("throw") + 1);
  expect(frame!.colNo).toBeLessThanOrEqual(throwingLine.indexOf("RangeError") + 1);
  expect(frame!.inApp).toBe(true);
  expect(frame!.context).toContainEqual([app.throwLine, throwingLine]);
  // Five lines either side, where the file has them (the throw is followed by three more lines and an empty one).
  expect(frame!.context.map(([line]) => line)).toEqual(expect.arrayContaining([app.throwLine - 5, app.throwLine - 1, app.throwLine + 1]));
}

/** The stack trace on the issue page: frames newest first. */
async function openStackTrace(page: Page, project: Project, issueId: number): Promise<{ exception: Locator; frames: Locator }> {
  const response = await page.goto(`/projects/${project.slug}/issues/${issueId}`);
  expect(response?.status()).toBe(200);
  const exception = page.getByRole("region", { name: /^(Latest event|Event)$/ }).getByRole("region", { name: "Exception" });
  const frames = exception.getByRole("list", { name: "Stack trace, newest frame first" }).locator(":scope > li");
  return { exception, frames };
}

async function expectResolvedOnPage(page: Page, project: Project, issueId: number, app: MinifiedApp): Promise<{ exception: Locator; crashing: Locator }> {
  const { exception, frames } = await openStackTrace(page, project, issueId);
  const crashing = frames.first();
  await expect(crashing.getByText(throwingFunction, { exact: true })).toBeVisible();
  await expect(crashing.getByText(/(^|\/)src\/checkout\.ts$/)).toBeVisible();
  await expect(crashing.getByText(new RegExp(`^at line ${app.throwLine}:\\d+$`))).toBeVisible();
  const context = crashing.getByLabel("Source context");
  await expect(context).toBeVisible();
  await expect(context.locator("mark")).toHaveCount(1);
  await expect(context.locator("mark")).toContainText(throwingCode);
  await expect(context.locator("mark")).toContainText(String(app.throwLine));
  await expect(context).toContainText("const total = totalOf(lines);");
  await expect(exception.getByText("/assets/app.js")).toHaveCount(0);
  return { exception, crashing };
}

let plainA: MinifiedApp;
let injectedA: MinifiedApp;
let plainB: MinifiedApp;
let injectedB: MinifiedApp;
let debugIdA: string;
let debugIdB: string;
const served: { plainA?: ServedApp; injectedA?: ServedApp; injectedB?: ServedApp } = {};
const tokens = { upload: "", read: "" };

test.beforeAll(async () => {
  test.setTimeout(60_000);
  [plainA, plainB] = await Promise.all([buildMinifiedApp({ variant: "a" }), buildMinifiedApp({ variant: "b" })]);
  [injectedA, injectedB] = await Promise.all([copyMinifiedApp(plainA), copyMinifiedApp(plainB)]);
  [debugIdA, debugIdB] = await Promise.all([injectDebugIds(injectedA), injectDebugIds(injectedB)]);
  expect(debugIdA).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(debugIdB).not.toBe(debugIdA);
  expect(await readDebugId(plainA), "the plain build keeps no debug ID").toBeNull();
  served.plainA = await serveMinifiedApp(plainA);
  served.injectedA = await serveMinifiedApp(injectedA);
  served.injectedB = await serveMinifiedApp(injectedB);
  // A CI token: it can upload and manage releases, and read nothing.
  tokens.upload = await createToken("upload");
  tokens.read = await createToken("read");
});

test.afterAll(async () => {
  await Promise.all(Object.values(served).map((server) => server?.close()));
  await Promise.all([plainA, plainB, injectedA, injectedB].map(removeMinifiedApp));
});

test("debug IDs: sentry-cli sourcemaps inject + upload, a minified page throws in Chromium, and the issue page and the API show the original function, file, line and source context", async ({ page, request }) => {
  const project = await createProject("maps debug id");
  const upload = await uploadSourceMaps(injectedA, { projectSlug: project.slug, authToken: tokens.upload });
  expect(`${upload.stdout}${upload.stderr}`).toContain(debugIdA);

  const eventId = await sendCheckoutError(page, served.injectedA!, { project });
  const { issueId, event } = await digestedEvent(project, eventId);
  // The SDK found the injected ID and sent it, keyed by the bundle's URL.
  expect(event.debug_meta?.images).toContainEqual(expect.objectContaining({ type: "sourcemap", debug_id: debugIdA, code_file: `${served.injectedA!.origin}/assets/app.js` }));

  const exception = await apiEvent(request, project, eventId, tokens.read);
  expectResolvedApiFrame(exception.stacktrace?.frames.at(-1), injectedA);
  // The SDK's own wrapper of the click handler is in the same bundle: resolved into node_modules, it is no longer in-app.
  const sdkFrames = exception.stacktrace!.frames.filter((frame) => /node_modules\/@sentry\//.test(frame.absPath ?? frame.filename ?? ""));
  expect(sdkFrames.length, JSON.stringify(exception.stacktrace!.frames.map((frame) => frame.absPath))).toBeGreaterThan(0);
  expect(sdkFrames.every((frame) => !frame.inApp)).toBe(true);
  // The minified frame is kept as the raw stack trace: the bundle's URL and a mangled name.
  const raw = exception.rawStacktrace?.frames.at(-1);
  expect(raw).toMatchObject({ absPath: `${served.injectedA!.origin}/assets/app.js`, lineNo: expect.any(Number), colNo: expect.any(Number) });
  expect(raw!.function).not.toBe(throwingFunction);

  const { exception: shown, crashing } = await expectResolvedOnPage(page, project, issueId, injectedA);
  await expect(crashing.getByText("Resolved now", { exact: true }), "resolved in digest, not when shown").toHaveCount(0);
  // The Minified view shows the frames as the browser reported them.
  await shown.getByRole("group", { name: "Stack trace view" }).getByRole("button", { name: "Minified" }).click();
  const minifiedFirst = shown.getByRole("list", { name: "Stack trace, newest frame first" }).locator(":scope > li").first();
  await expect(minifiedFirst.getByText("/assets/app.js").first()).toBeVisible();
  await expect(minifiedFirst.getByText(raw!.function!, { exact: true })).toBeVisible();
});

test("releases without debug IDs: sentry-cli sourcemaps upload --release R --url-prefix '~/assets', and an event of release R resolves", async ({ page, request }) => {
  const project = await createProject("maps release");
  const release = `tea-shop@1.0.0+${run}`;
  await uploadSourceMaps(plainA, { projectSlug: project.slug, authToken: tokens.upload, release, urlPrefix: "~/assets" });

  const eventId = await sendCheckoutError(page, served.plainA!, { project, release });
  const { issueId, event } = await digestedEvent(project, eventId);
  expect(event.release).toBe(release);
  expect(event.debug_meta?.images ?? [], "no debug IDs in this build").toEqual([]);

  const exception = await apiEvent(request, project, eventId, tokens.read);
  expectResolvedApiFrame(exception.stacktrace?.frames.at(-1), plainA);
  expect(exception.rawStacktrace?.frames.at(-1)?.absPath).toBe(`${served.plainA!.origin}/assets/app.js`);
  await expectResolvedOnPage(page, project, issueId, plainA);
});

test("legacy release files: sentry-cli 2.x releases files R upload, one file per request, and an event of release R resolves through the file's sourceMappingURL", async ({ page, request }) => {
  const project = await createProject("maps legacy files");
  const release = `tea-shop@1.1.0+${run}`;
  const releases = (args: string[]) => runLegacySentryCli(plainA, ["releases", "--org", e2eOrganizationSlug, "--project", project.slug, "--auth-token", tokens.upload, ...args]);
  await releases(["new", release]);
  // Named as the browser loads them; the map is found through app.js's `//# sourceMappingURL=app.js.map`.
  await releases(["files", release, "upload", "dist/assets/app.js", "~/assets/app.js"]);
  await releases(["files", release, "upload", "dist/assets/app.js.map", "~/assets/app.js.map"]);

  const eventId = await sendCheckoutError(page, served.plainA!, { project, release });
  const { issueId } = await digestedEvent(project, eventId);
  const exception = await apiEvent(request, project, eventId, tokens.read);
  expectResolvedApiFrame(exception.stacktrace?.frames.at(-1), plainA);
  await expectResolvedOnPage(page, project, issueId, plainA);
});

test("a malformed source map never costs the event: it is stored, its frame stays minified and says the map cannot be read", async ({ page }) => {
  const project = await createProject("maps malformed");
  const release = `tea-shop@1.2.0+${run}`;
  // sentry-cli parses maps before bundling them, so a broken one only arrives as a legacy release file, which it uploads as is.
  const brokenMap = join(plainA.root, "broken.js.map");
  await writeFile(brokenMap, (await readFile(join(plainA.assetsDir, "app.js.map"), "utf8")).slice(0, 5_000));
  const releases = (args: string[]) => runLegacySentryCli(plainA, ["releases", "--org", e2eOrganizationSlug, "--project", project.slug, "--auth-token", tokens.upload, ...args]);
  await releases(["new", release]);
  await releases(["files", release, "upload", "dist/assets/app.js", "~/assets/app.js"]);
  await releases(["files", release, "upload", brokenMap, "~/assets/app.js.map"]);

  const eventId = await sendCheckoutError(page, served.plainA!, { project, release });
  const { issueId, event } = await digestedEvent(project, eventId);
  expect(crashingFrameOf(event)?.abs_path).toBe(`${served.plainA!.origin}/assets/app.js`);
  expect(crashingFrameOf(event)?.function).not.toBe(throwingFunction);

  const { frames } = await openStackTrace(page, project, issueId);
  const why = frames.first().getByRole("region", { name: "Why this frame is not resolved" });
  await expect(why.getByText(/^The source map \S*app\.js\.map cannot be read: ./)).toBeVisible();
  await expect(why.locator("code")).toContainText(`sourcemaps upload --org ${e2eOrganizationSlug} --project ${project.slug} --release ${release}`);
});

test("@sentry/esbuild-plugin pointed at Lantern creates and finalizes the release, uploads the maps while building, and an event from that build resolves", async ({ page, request }) => {
  const project = await createProject("maps esbuild plugin");
  const release = `tea-shop@2.0.0+${run}`;
  const pluginErrors: string[] = [];
  let app: MinifiedApp | undefined;
  let server: ServedApp | undefined;
  try {
    app = await buildMinifiedApp({
      variant: "a",
      plugins: (root) => [
        sentryEsbuildPlugin({
          url: e2eBaseUrl,
          org: e2eOrganizationSlug,
          project: project.slug,
          authToken: tokens.upload,
          release: { name: release },
          sourcemaps: { assets: [`${root}/dist/assets/*`] },
          telemetry: false,
          // The plugin only logs a failed upload by default; here it fails the test with the reason.
          errorHandler: (error) => void pluginErrors.push(String(error)),
        }),
      ],
    });
    expect(pluginErrors).toEqual([]);

    const answer = await request.get(`/api/0/organizations/${e2eOrganizationSlug}/releases/${encodeURIComponent(release)}/`, { headers: { Authorization: `Bearer ${tokens.read}` }, failOnStatusCode: false });
    expect(answer.status()).toBe(200);
    const created = (await answer.json()) as { version?: string; dateReleased?: string | null; projects?: { slug: string }[] };
    expect(created.version).toBe(release);
    expect(created.dateReleased, "finalized").toEqual(expect.any(String));
    expect(created.projects?.map((listed) => listed.slug)).toContain(project.slug);

    server = await serveMinifiedApp(app);
    // No release in the page's query: the SDK takes the one the plugin injected into the bundle.
    const eventId = await sendCheckoutError(page, server, { project });
    const { issueId, event } = await digestedEvent(project, eventId);
    expect(event.release).toBe(release);
    expect(event.debug_meta?.images?.[0]?.debug_id).toEqual(expect.any(String));

    const exception = await apiEvent(request, project, eventId, tokens.read);
    expectResolvedApiFrame(exception.stacktrace?.frames.at(-1), app);
    await expectResolvedOnPage(page, project, issueId, app);
  } finally {
    await server?.close();
    await removeMinifiedApp(app);
  }
});

test("a bundled Node server: @sentry/node in a minified esbuild bundle, debug IDs injected and uploaded with sentry-cli, reports a throw that resolves to the TypeScript source", async ({ page, request }) => {
  const project = await createProject("maps node server");
  let app: MinifiedApp | undefined;
  try {
    app = await buildMinifiedServer();
    const debugId = await injectDebugIds(app);
    await uploadSourceMaps(app, { projectSlug: project.slug, authToken: tokens.upload });

    const sent = await runMinifiedServer(app, { dsn: project.dsn, coupon: `N${run}` });
    expect(sent).toMatchObject({ eventId: expect.stringMatching(/^[0-9a-f]{32}$/), isFlushed: true });
    const { issueId, event } = await digestedEvent(project, sent.eventId);
    const bundlePath = join(app.assetsDir, app.bundle);
    expect(event.debug_meta?.images).toContainEqual(expect.objectContaining({ type: "sourcemap", debug_id: debugId, code_file: bundlePath }));

    const exception = await apiEvent(request, project, sent.eventId, tokens.read);
    expectResolvedApiFrame(exception.stacktrace?.frames.at(-1), app);
    expect(exception.rawStacktrace?.frames.at(-1)?.absPath).toBe(bundlePath);
    await expectResolvedOnPage(page, project, issueId, app);
  } finally {
    await removeMinifiedApp(app);
  }
});

test("grouping uses resolved frames: the same throw from two builds with different minified names is one issue with both builds' maps, two without", async ({ page }) => {
  const withMaps = await createProject("maps grouping with maps");
  const withoutMaps = await createProject("maps grouping without maps");
  await uploadSourceMaps(injectedA, { projectSlug: withMaps.slug, authToken: tokens.upload });
  await uploadSourceMaps(injectedB, { projectSlug: withMaps.slug, authToken: tokens.upload });

  const events = {
    withMapsA: await sendCheckoutError(page, served.injectedA!, { project: withMaps }),
    withMapsB: await sendCheckoutError(page, served.injectedB!, { project: withMaps }),
    withoutMapsA: await sendCheckoutError(page, served.injectedA!, { project: withoutMaps }),
    withoutMapsB: await sendCheckoutError(page, served.injectedB!, { project: withoutMaps }),
  };
  const withoutA = await digestedEvent(withoutMaps, events.withoutMapsA);
  const withoutB = await digestedEvent(withoutMaps, events.withoutMapsB);
  // The premise: the two builds threw from differently named, differently placed minified code.
  const minifiedA = crashingFrameOf(withoutA.event);
  const minifiedB = crashingFrameOf(withoutB.event);
  expect(minifiedA?.function).not.toBe(minifiedB?.function);
  expect([minifiedA?.lineno, minifiedA?.colno]).not.toEqual([minifiedB?.lineno, minifiedB?.colno]);
  expect(withoutA.issueId, "without maps, the minified names split one bug into two issues").not.toBe(withoutB.issueId);

  const withA = await digestedEvent(withMaps, events.withMapsA);
  const withB = await digestedEvent(withMaps, events.withMapsB);
  expect(crashingFrameOf(withA.event)).toMatchObject({ function: throwingFunction, lineno: injectedA.throwLine });
  expect(crashingFrameOf(withB.event)).toMatchObject({ function: throwingFunction, lineno: injectedB.throwLine });
  expect(injectedB.throwLine, "build B's throw moved down in the original file too").not.toBe(injectedA.throwLine);
  expect(withA.issueId, "with both builds' maps, one issue").toBe(withB.issueId);
});

test("a frame whose bundle was never uploaded says why, in words, with the sentry-cli command that fixes it; the command, run as shown, does", async ({ page }) => {
  const project = await createProject("maps diagnosis");
  const eventId = await sendCheckoutError(page, served.injectedA!, { project });
  const { issueId } = await digestedEvent(project, eventId);

  const { frames } = await openStackTrace(page, project, issueId);
  const crashing = frames.first();
  await expect(crashing.getByText("/assets/app.js").first()).toBeVisible();
  await expect(crashing.getByText(throwingFunction, { exact: true })).toHaveCount(0);
  const why = crashing.getByRole("region", { name: "Why this frame is not resolved" });
  await expect(why.getByText(`No uploaded bundle has debug ID ${debugIdA}`)).toBeVisible();
  const shown = why.locator("code");
  await expect(shown).toHaveText(`sentry-cli --url ${e2eBaseUrl} sourcemaps upload --org ${e2eOrganizationSlug} --project ${project.slug} ./dist`);

  // Pasted into a shell in the project after its build, with a CI token in SENTRY_AUTH_TOKEN.
  await runInShell(injectedA, (await shown.textContent())!, tokens.upload);
  // The server remembers "no bundle with this debug ID" for a few seconds (the page just looked it up), so the
  // reader reloads until the frame resolves, within a bound.
  const resolvedFunction = frames.first().getByText(throwingFunction, { exact: true });
  await expect
    .poll(
      async () => {
        await page.reload();
        return resolvedFunction.count();
      },
      { message: "the crashing frame resolves after the upload", timeout: 20_000, intervals: [1_000] },
    )
    .toBe(1);
  await expectResolvedOnPage(page, project, issueId, injectedA);
});

test("an event sent before its source maps were uploaded shows resolved frames after the upload, and says they were resolved when shown", async ({ page }) => {
  const project = await createProject("maps late upload");
  const eventId = await sendCheckoutError(page, served.injectedA!, { project });
  const before = await digestedEvent(project, eventId);
  const minified = crashingFrameOf(before.event);
  expect(minified?.function, "stored minified: nothing was uploaded yet").not.toBe(throwingFunction);

  await uploadSourceMaps(injectedA, { projectSlug: project.slug, authToken: tokens.upload });
  const { crashing } = await expectResolvedOnPage(page, project, before.issueId, injectedA);
  await expect(crashing.getByText("Resolved now", { exact: true })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "resolved now with source maps uploaded after this event arrived" })).toBeVisible();

  // The stored event keeps its minified frames: the page resolved them with today's bundles.
  const after = await digestedEvent(project, eventId);
  expect(crashingFrameOf(after.event)).toEqual(minified);
});
