import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build, type Plugin } from "esbuild";
import { e2eBaseUrl } from "./server";

/**
 * A tiny shop front end built the way a team ships one: TypeScript sources in `src/`, bundled and minified
 * by esbuild with a source map into `dist/assets/app.js`, the real `@sentry/browser` from this repository's
 * node_modules inside. The page reads its DSN, release and coupon from its own query string, so one build
 * serves every project of a test run. The "Pay" button calls `applyCoupon` in `src/checkout.ts`, which
 * throws a RangeError for a cart under 50.00.
 *
 * Variant "b" adds code before `applyCoupon` (and uses it), so the minified names and positions of the
 * same throw differ between two builds: the second build of a team that changed something unrelated.
 *
 * The real tools run against it: `sentry-cli` 3.8 (node_modules/.bin) injects debug IDs and uploads to the
 * e2e server; `@sentry/esbuild-plugin` can be passed as an esbuild plugin.
 */

const execFileAsync = promisify(execFile);
const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));
const sentryCli = resolve(repositoryRoot, "node_modules/.bin/sentry-cli");
/** The 2.x CLI @sentry/esbuild-plugin runs (2.58.6): it still has the one-file-per-request release-files upload. */
const legacySentryCli = resolve(repositoryRoot, "node_modules/@sentry/bundler-plugins/node_modules/@sentry/cli/bin/sentry-cli");

/** A Lantern instance is one organization; its slug is LANTERN_ORG_SLUG, "lantern" unless set (the e2e server does not set it). */
export const e2eOrganizationSlug = "lantern";

export type AppVariant = "a" | "b";

/** The line that throws, as written in src/checkout.ts (both variants). */
export const throwingLine = "    throw new RangeError(`Coupon ${coupon} needs a total of 50.00, the cart holds ${formatCents(total)}`);";
/** The function that throws, as written in src/checkout.ts. */
export const throwingFunction = "applyCoupon";

const variantBPrelude = `
/** Build B: a loyalty feature landed above the checkout code, so minified names and offsets move. */
export interface LoyaltyCard {
  holder: string;
  points: number;
}

export function loyaltyDiscount(card: LoyaltyCard | null): number {
  if (card === null) return 0;
  const tiers = [100, 250, 500, 1000];
  return tiers.filter((threshold) => card.points >= threshold).length * 25;
}

export function describeLoyalty(card: LoyaltyCard | null): string {
  return card === null ? "no card" : \`\${card.holder}: \${card.points} points, \${loyaltyDiscount(card)} cents off\`;
}
`;

function checkoutSource(variant: AppVariant): string {
  return `${variant === "b" ? variantBPrelude : ""}
export interface CartLine {
  sku: string;
  cents: number;
}

export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function totalOf(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.cents, 0);
}

export function ${throwingFunction}(lines: CartLine[], coupon: string): number {
  const total = totalOf(lines);
  if (total < 5000) {
${throwingLine}
  }
  return total - 500;
}
`;
}

function mainSource(variant: AppVariant): string {
  return `import * as Sentry from "@sentry/browser";
import { ${throwingFunction}${variant === "b" ? ", describeLoyalty" : ""} } from "./checkout";

const parameters = new URLSearchParams(location.search);
const release = parameters.get("release");
// Without a release parameter the option is left out (not undefined, which would override the default), so
// the SDK takes the one a bundler plugin injected, if any.
Sentry.init({ dsn: parameters.get("dsn") ?? undefined, ...(release ? { release } : {}) });

const status = document.getElementById("status")!;
const deliveries = document.getElementById("deliveries")!;
Sentry.getClient()?.on("afterSendEvent", (event, response) => {
  const item = document.createElement("li");
  item.textContent = \`\${event.exception?.values?.[0]?.type ?? "event"} answered \${response?.statusCode ?? "nothing"}\`;
  deliveries.append(item);
});

document.getElementById("pay")!.addEventListener("click", () => {
  const total = ${throwingFunction}([{ sku: "tea", cents: 1250 }], parameters.get("coupon") ?? "SPRING");
  status.textContent = \`Paid \${total}\`;
});
status.textContent = ${variant === "b" ? '`Ready (${describeLoyalty(null)})`' : '"Ready"'};
`;
}

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Tea shop</title>
    <link rel="icon" href="data:,">
  </head>
  <body>
    <main>
      <h1>Tea shop</h1>
      <button type="button" id="pay">Pay</button>
      <p role="status" id="status">Loading</p>
      <h2 id="deliveries-heading">Deliveries</h2>
      <ul id="deliveries" aria-labelledby="deliveries-heading"></ul>
    </main>
    <script src="/assets/app.js"></script>
  </body>
</html>
`;

export interface MinifiedApp {
  variant: AppVariant;
  /** The project directory (a temporary directory): src/, dist/. */
  root: string;
  /** What the web server serves at `/`: index.html and assets/. */
  distDir: string;
  /** Where the bundle and its map are: dist/assets (app.js) for the page, dist (server.js) for the server. */
  assetsDir: string;
  /** The bundle's file name in assetsDir; its map is the same name + `.map`. */
  bundle: string;
  /** The 1-based line of the throw in src/checkout.ts. */
  throwLine: number;
}

export interface BuildOptions {
  variant?: AppVariant;
  /** esbuild plugins for the project directory, e.g. `@sentry/esbuild-plugin` told where the assets are. */
  plugins?: (root: string) => Plugin[];
}

/** Writes the sources into a new temporary directory and builds them with esbuild's API (minified, with a source map). */
export async function buildMinifiedApp(options: BuildOptions = {}): Promise<MinifiedApp> {
  const variant = options.variant ?? "a";
  const root = await mkdtemp(join(tmpdir(), `lantern-minified-app-${variant}-`));
  const checkout = checkoutSource(variant);
  await mkdir(join(root, "src"), { recursive: true });
  await mkdir(join(root, "dist/assets"), { recursive: true });
  await writeFile(join(root, "src/checkout.ts"), checkout);
  await writeFile(join(root, "src/main.ts"), mainSource(variant));
  await writeFile(join(root, "dist/index.html"), indexHtml);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/main.ts"],
    outfile: "dist/assets/app.js",
    bundle: true,
    minify: true,
    sourcemap: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    define: { "process.env.NODE_ENV": '"production"' },
    // The app lives in a temporary directory; its dependencies are this repository's.
    nodePaths: [resolve(repositoryRoot, "node_modules")],
    plugins: options.plugins?.(root) ?? [],
    logLevel: "silent",
  });
  if (result.errors.length > 0) throw new Error(`esbuild failed: ${JSON.stringify(result.errors)}`);
  return { variant, root, distDir: join(root, "dist"), assetsDir: join(root, "dist/assets"), bundle: "app.js", throwLine: throwLineOf(checkout) };
}

function throwLineOf(checkout: string): number {
  const line = checkout.split("\n").indexOf(throwingLine) + 1;
  if (line === 0) throw new Error("the throwing line is missing from src/checkout.ts");
  return line;
}

/**
 * The same checkout code in a bundled Node server, as teams ship one: `src/server.ts` built by esbuild into
 * one minified CommonJS file `dist/server.js` with its map, packages left in node_modules (so the real
 * `@sentry/node` is this repository's, found through NODE_PATH at run time). Run with `runMinifiedServer`.
 */
export async function buildMinifiedServer(): Promise<MinifiedApp> {
  const root = await mkdtemp(join(tmpdir(), "lantern-minified-app-server-"));
  const checkout = checkoutSource("a");
  await mkdir(join(root, "src"), { recursive: true });
  await writeFile(join(root, "src/checkout.ts"), checkout);
  await writeFile(join(root, "src/server.ts"), serverSource);
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/server.ts"],
    outfile: "dist/server.js",
    bundle: true,
    minify: true,
    sourcemap: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "silent",
  });
  if (result.errors.length > 0) throw new Error(`esbuild failed: ${JSON.stringify(result.errors)}`);
  return { variant: "a", root, distDir: join(root, "dist"), assetsDir: join(root, "dist"), bundle: "server.js", throwLine: throwLineOf(checkout) };
}

const serverSource = `import * as Sentry from "@sentry/node";
import { ${throwingFunction} } from "./checkout";

Sentry.init({ dsn: process.env.LANTERN_TEST_DSN, release: process.env.LANTERN_TEST_RELEASE });

async function main(): Promise<void> {
  let eventId: string | null = null;
  try {
    ${throwingFunction}([{ sku: "tea", cents: 1250 }], process.env.LANTERN_TEST_COUPON ?? "SPRING");
  } catch (error) {
    eventId = Sentry.captureException(error);
  }
  const isFlushed = await Sentry.flush(10_000);
  console.log(JSON.stringify({ eventId, isFlushed }));
}

void main();
`;

/** Runs the built server once (`node dist/server.js`): it throws in checkout, reports with @sentry/node and prints the event id. */
export async function runMinifiedServer(app: MinifiedApp, options: { dsn: string; coupon: string }): Promise<{ eventId: string; isFlushed: boolean }> {
  const { stdout } = await runInApp(app, process.execPath, [join(app.assetsDir, app.bundle)], {
    NODE_PATH: resolve(repositoryRoot, "node_modules"),
    NODE_ENV: "production",
    LANTERN_TEST_DSN: options.dsn,
    LANTERN_TEST_COUPON: options.coupon,
  });
  const line = stdout.split("\n").find((text) => text.startsWith("{"));
  if (!line) throw new Error(`the server printed no result: ${stdout}`);
  return JSON.parse(line) as { eventId: string; isFlushed: boolean };
}

/** A copy of a build in a new temporary directory (so one build can be injected and the other left plain). */
export async function copyMinifiedApp(app: MinifiedApp): Promise<MinifiedApp> {
  const root = await mkdtemp(join(tmpdir(), `lantern-minified-app-${app.variant}-`));
  await cp(app.root, root, { recursive: true });
  return { ...app, root, distDir: join(root, "dist"), assetsDir: join(root, relative(app.root, app.assetsDir)) };
}

export async function removeMinifiedApp(app: MinifiedApp | undefined): Promise<void> {
  if (app) await rm(app.root, { recursive: true, force: true });
}

export interface CliRun {
  stdout: string;
  stderr: string;
}

/**
 * Runs a program in the app's directory with none of this machine's Sentry settings: no SENTRY_* variables
 * from outside, no update check, HOME set to the app so no ~/.sentryclirc is read; sentry-cli on the PATH.
 */
async function runInApp(app: MinifiedApp, file: string, args: string[], extraEnvironment: Record<string, string> = {}): Promise<CliRun> {
  const environment = { ...process.env };
  for (const name of Object.keys(environment)) if (name.startsWith("SENTRY_")) delete environment[name];
  try {
    const { stdout, stderr } = await execFileAsync(file, args, {
      cwd: app.root,
      env: { ...environment, PATH: `${resolve(repositoryRoot, "node_modules/.bin")}:${process.env.PATH ?? ""}`, HOME: app.root, SENTRY_DISABLE_UPDATE_CHECK: "true", SENTRY_LOAD_DOTENV: "0", ...extraEnvironment },
      encoding: "utf8",
      timeout: 60_000,
    });
    return { stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(`${file} ${args.join(" ")} failed (exit ${failed.code}):\n${failed.stdout ?? ""}\n${failed.stderr ?? ""}`);
  }
}

/** The real sentry-cli 3.8 (node_modules/.bin). */
export function runSentryCli(app: MinifiedApp, args: string[]): Promise<CliRun> {
  return runInApp(app, sentryCli, args);
}

/** The real sentry-cli 2.58.6, with `--url` set to the e2e server. */
export function runLegacySentryCli(app: MinifiedApp, args: string[]): Promise<CliRun> {
  return runInApp(app, legacySentryCli, ["--url", e2eBaseUrl, ...args]);
}

/** A command line as a user pastes it into a shell in the project directory, with the token in SENTRY_AUTH_TOKEN as a CI job has it. */
export function runInShell(app: MinifiedApp, commandLine: string, authToken: string): Promise<CliRun> {
  return runInApp(app, "sh", ["-c", commandLine], { SENTRY_AUTH_TOKEN: authToken });
}

/** `sentry-cli sourcemaps inject dist/`; returns the debug ID it wrote into app.js.map. */
export async function injectDebugIds(app: MinifiedApp): Promise<string> {
  await runSentryCli(app, ["sourcemaps", "inject", "dist"]);
  const debugId = await readDebugId(app);
  if (debugId === null) throw new Error(`sentry-cli sourcemaps inject wrote no debug ID into ${app.bundle}.map`);
  return debugId;
}

/** The debug ID of the build's source map (`debug_id`, or the older `debugId`), or null when it has none. */
export async function readDebugId(app: MinifiedApp): Promise<string | null> {
  const map = JSON.parse(await readFile(join(app.assetsDir, `${app.bundle}.map`), "utf8")) as { debug_id?: string; debugId?: string };
  return map.debug_id ?? map.debugId ?? null;
}

export interface UploadOptions {
  projectSlug: string;
  authToken: string;
  release?: string;
  urlPrefix?: string;
}

/**
 * `sentry-cli --url <e2e server> sourcemaps upload --org … --project … [--release R --url-prefix P] --wait <dir>`:
 * with a URL prefix the assets directory is uploaded (so `app.js` becomes `<prefix>/app.js`), otherwise
 * dist/ (so its URL is `~/assets/app.js`).
 */
export async function uploadSourceMaps(app: MinifiedApp, options: UploadOptions): Promise<CliRun> {
  const args = ["--url", e2eBaseUrl, "sourcemaps", "upload", "--org", e2eOrganizationSlug, "--project", options.projectSlug, "--auth-token", options.authToken, "--wait"];
  if (options.release) args.push("--release", options.release);
  if (options.urlPrefix) args.push("--url-prefix", options.urlPrefix);
  args.push(options.urlPrefix ? "dist/assets" : "dist");
  return runSentryCli(app, args);
}

export interface ServedApp {
  origin: string;
  /** The page with its settings in the query string. */
  pageUrl(parameters: { dsn: string; release?: string; coupon: string }): string;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".map": "application/json" };

/** Serves dist/ on 127.0.0.1 (port 0: the kernel picks one, never Lantern's), GET only, nothing outside dist/. */
export async function serveMinifiedApp(app: MinifiedApp): Promise<ServedApp> {
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://app.internal").pathname;
    const file = normalize(join(app.distDir, pathname === "/" ? "index.html" : decodeURIComponent(pathname)));
    if (request.method !== "GET" || !file.startsWith(app.distDir + sep)) {
      response.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { "content-type": contentTypes[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => done());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: ({ dsn, release, coupon }) => {
      const query = new URLSearchParams({ dsn, coupon });
      if (release) query.set("release", release);
      return `${origin}/?${query}`;
    },
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
