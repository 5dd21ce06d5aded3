import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { freePort } from "./lantern-process";
import { ownProcess, waitUntilServing, type OwnedProcess } from "./owned-process";

/**
 * The fixture Next.js app (e2e/nextjs-app/): a team's own app set up as Sentry's guide and wizard do,
 * pointed at Lantern by DSN only. Its packages resolve from the repository's node_modules, and Next is run
 * as `node …/next/dist/bin/next` (no npm, no shell), so the PID we hold is the server itself.
 */
export const nextjsAppDirectory = resolve("e2e/nextjs-app");
const stampPath = join(nextjsAppDirectory, ".next", "lantern-fixture-build.sha256");
const requireFromApp = createRequire(join(nextjsAppDirectory, "package.json"));
const nextBin = requireFromApp.resolve("next/dist/bin/next");

/** What Next writes into the fixture itself on every build: not part of the source the build is made from. */
const generatedPaths = new Set([".next", "node_modules", "next-env.d.ts"]);

/** `next start` of the fixture, owned by the test that started it (stop(): SIGTERM, then SIGKILL). */
export interface NextjsApp extends OwnedProcess {
  baseUrl: string;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => !generatedPaths.has(relative(nextjsAppDirectory, join(directory, entry.name))) && !entry.name.endsWith(".tsbuildinfo"))
    .flatMap((entry) => (entry.isDirectory() ? sourceFiles(join(directory, entry.name)) : entry.isFile() ? [join(directory, entry.name)] : []))
    .sort();
}

function packageVersion(name: string): string {
  return (JSON.parse(readFileSync(requireFromApp.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
}

/**
 * Identifies a build: the fixture's sources, the Next.js and SDK versions it is built with, the DSN inlined into
 * it, and the token it uploaded its source maps with (an upload is part of the build: a new token, a new upload).
 */
function buildHash(dsn: string, authToken: string | null): string {
  const hash = createHash("sha256");
  for (const file of sourceFiles(nextjsAppDirectory)) hash.update(`${relative(nextjsAppDirectory, file)}\0`).update(readFileSync(file)).update("\0");
  hash.update(`next@${packageVersion("next")}\0@sentry/nextjs@${packageVersion("@sentry/nextjs")}\0dsn=${dsn}\0token=${authToken ?? ""}`);
  return hash.digest("hex");
}

/**
 * None of this machine's SENTRY_* settings reach the app: what configures the SDK's build plugin is the fixture's
 * next.config.ts and, for a build that uploads, SENTRY_AUTH_TOKEN alone — no SENTRY_URL, no SENTRY_ORG.
 */
function appEnvironment(dsn: string, authToken: string | null = null): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_PUBLIC_SENTRY_DSN: dsn };
  for (const name of Object.keys(environment)) if (name.startsWith("SENTRY_")) delete environment[name];
  if (authToken) environment.SENTRY_AUTH_TOKEN = authToken;
  return environment;
}

function runNext(args: string[], environment: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [nextBin, ...args], { cwd: nextjsAppDirectory, env: environment, stdio: ["ignore", "pipe", "pipe"] });
}

/**
 * `next build` of the fixture with the DSN inlined (NEXT_PUBLIC_SENTRY_DSN reaches the browser bundle only at
 * build time), skipped when the stamp in .next says the same sources, versions, DSN and token were built
 * already. With `authToken`, withSentryConfig uploads the build's source maps with it, given as
 * SENTRY_AUTH_TOKEN only. Logs what it cost, so the suite's time budget stays visible; returns the build's output.
 */
export async function buildNextjsApp(dsn: string, authToken: string | null = null): Promise<string> {
  const hash = buildHash(dsn, authToken);
  if (existsSync(stampPath) && readFileSync(stampPath, "utf8").trim() === hash) {
    console.log(`Next.js fixture: build ${hash.slice(0, 12)} is current, not rebuilt`);
    return "";
  }
  const startedAt = performance.now();
  const build = ownProcess(runNext(["build"], appEnvironment(dsn, authToken)), "next build of the fixture app");
  const { code } = await build.exited;
  if (code !== 0) throw new Error(`next build of the fixture app exited with ${code}:\n${build.output().slice(-8000)}`);
  // Written last: an interrupted build leaves no stamp and is built again.
  writeFileSync(stampPath, `${hash}\n`);
  console.log(`Next.js fixture: built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  return build.output();
}

/** `next start` of the built fixture on a free port of 127.0.0.1; resolves once its home page answers. */
export async function startNextjsApp(dsn: string, timeoutMs = 60_000): Promise<NextjsApp> {
  const port = await freePort();
  const owned = ownProcess(runNext(["start", "-p", String(port), "-H", "127.0.0.1"], appEnvironment(dsn)), "next start of the fixture app");
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(owned, "next start of the fixture app", async () => (await fetch(`${baseUrl}/`)).status === 200, timeoutMs);
  return { ...owned, baseUrl };
}
