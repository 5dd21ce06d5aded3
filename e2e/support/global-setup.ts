import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import { e2eBaseUrl, e2eDirectory, e2eServerEnvironment, e2eServerLog } from "./server";

/**
 * Runs the README's `npm start` (production build, migrations, server) on a fresh SQLite database, with
 * its output in .e2e/server.log (tests read the digests the server logged there), and stops it — by the
 * process group of the PID it started — after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) throw new Error("Chromium is missing: apt-get install -y chromium (it must be at /usr/bin/chromium).");
  rmSync(e2eDirectory, { recursive: true, force: true });
  mkdirSync(e2eDirectory, { recursive: true });
  const log = openSync(e2eServerLog, "a");
  const server = spawn("npm", ["start"], {
    env: { ...process.env, ...e2eServerEnvironment, NODE_ENV: "production" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  await waitUntilServing(exited);
  return async () => {
    process.kill(-server.pid!, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    if (server.exitCode === null) process.kill(-server.pid!, "SIGKILL");
  };
}

async function waitUntilServing(exited: Promise<number | null>): Promise<void> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`npm start exited early; see ${e2eServerLog}`);
    try {
      const response = await fetch(`${e2eBaseUrl}/projects`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`lantern start did not build and serve within 300 s; see ${e2eServerLog}`);
}
