import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { freePort } from "./lantern-process";

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

export interface NextjsApp {
  baseUrl: string;
  pid: number;
  /** Everything `next start` wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM to the PID it started, then SIGKILL if it has not exited within 10 s. */
  stop(): Promise<void>;
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

/** Identifies a build: the fixture's sources, the Next.js and SDK versions it is built with, and the DSN inlined into it. */
function buildHash(dsn: string): string {
  const hash = createHash("sha256");
  for (const file of sourceFiles(nextjsAppDirectory)) hash.update(`${relative(nextjsAppDirectory, file)}\0`).update(readFileSync(file)).update("\0");
  hash.update(`next@${packageVersion("next")}\0@sentry/nextjs@${packageVersion("@sentry/nextjs")}\0dsn=${dsn}`);
  return hash.digest("hex");
}

function appEnvironment(dsn: string): NodeJS.ProcessEnv {
  return { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NEXT_PUBLIC_SENTRY_DSN: dsn };
}

function runNext(args: string[], dsn: string): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [nextBin, ...args], { cwd: nextjsAppDirectory, env: appEnvironment(dsn), stdio: ["ignore", "pipe", "pipe"] });
  const chunks: string[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk.toString("utf8")));
  return { child, output: () => chunks.join("") };
}

/**
 * `next build` of the fixture with the DSN inlined (NEXT_PUBLIC_SENTRY_DSN reaches the browser bundle only at
 * build time), skipped when the stamp in .next says the same sources, versions and DSN were built already.
 * Logs what it cost, so the suite's time budget stays visible.
 */
export async function buildNextjsApp(dsn: string): Promise<void> {
  const hash = buildHash(dsn);
  if (existsSync(stampPath) && readFileSync(stampPath, "utf8").trim() === hash) {
    console.log(`Next.js fixture: build ${hash.slice(0, 12)} is current, not rebuilt`);
    return;
  }
  const startedAt = performance.now();
  const build = runNext(["build"], dsn);
  const code = await new Promise<number | null>((resolveExit, reject) => {
    build.child.once("error", reject);
    build.child.once("exit", resolveExit);
  });
  if (code !== 0) throw new Error(`next build of the fixture app exited with ${code}:\n${build.output().slice(-8000)}`);
  // Written last: an interrupted build leaves no stamp and is built again.
  writeFileSync(stampPath, `${hash}\n`);
  console.log(`Next.js fixture: built in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

/** `next start` of the built fixture on a free port of 127.0.0.1; resolves once its home page answers. */
export async function startNextjsApp(dsn: string, timeoutMs = 60_000): Promise<NextjsApp> {
  const port = await freePort();
  const { child, output } = runNext(["start", "-p", String(port), "-H", "127.0.0.1"], dsn);
  const pid = child.pid;
  if (pid === undefined) throw new Error("next start could not be spawned");
  let isGone = false;
  const exited = new Promise<void>((resolveExit) =>
    child.once("exit", () => {
      isGone = true;
      resolveExit();
    }),
  );
  const app: NextjsApp = {
    baseUrl: `http://127.0.0.1:${port}`,
    pid,
    output,
    stop: async () => {
      if (isGone) return;
      process.kill(pid, "SIGTERM");
      const timer = new Promise<"timeout">((resolveTimer) => setTimeout(() => resolveTimer("timeout"), 10_000));
      if ((await Promise.race([exited, timer])) === "timeout" && !isGone) {
        process.kill(pid, "SIGKILL");
        await exited;
      }
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isGone) throw new Error(`next start of the fixture app exited early:\n${output()}`);
    try {
      if ((await fetch(`${app.baseUrl}/`)).status === 200) return app;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  await app.stop();
  throw new Error(`next start of the fixture app did not answer within ${timeoutMs} ms:\n${output()}`);
}
