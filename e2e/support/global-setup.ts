import { spawn, spawnSync } from "node:child_process";
import { chromium } from "@playwright/test";
import { existsSync, mkdirSync, openSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { e2eBaseUrl, e2eDatabasePath, e2eDirectory, e2eOwner, e2eOwnerState, e2eServerEnvironment, e2eServerLog } from "./server";

/**
 * Runs the README's `npm start` (production build, migrations, server) on a fresh SQLite database, with
 * its output in .e2e/server.log (tests read the digests the server logged there), and stops it — by the
 * process group of the PID it started — after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium")) throw new Error("Chromium is missing: run the browser tests through npm test (it finds Debian's or @sparticuz/chromium's), or set CHROMIUM_PATH.");
  rmSync(e2eDirectory, { recursive: true, force: true });
  mkdirSync(dirname(e2eDatabasePath), { recursive: true });
  // The owner exists before the server starts, as on a headless install; tests run signed in as them.
  const created = spawnSync(process.execPath, ["cli/lantern.mjs", "user", "create", "--owner", "--email", e2eOwner.email, "--name", e2eOwner.name, "--password-stdin"], {
    input: e2eOwner.password,
    env: { ...process.env, ...e2eServerEnvironment },
    encoding: "utf8",
  });
  if (created.status !== 0) throw new Error(`lantern user create failed: ${created.stderr || created.stdout}`);
  const log = openSync(e2eServerLog, "a");
  // E2E_REUSE_BUILD=1 (a developer's loop, never CI): serve the build already in .next instead of building again.
  const reuseBuild = process.env.E2E_REUSE_BUILD === "1" && !process.env.CI && existsSync(".next/BUILD_ID");
  const [command, args] = reuseBuild ? [process.execPath, ["cli/lantern.mjs", "start"]] : ["npm", ["start"]];
  const server = spawn(command, args, {
    env: { ...process.env, ...e2eServerEnvironment, NODE_ENV: "production" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => server.once("exit", resolve));
  await waitUntilServing(exited);
  await signInOwner();
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
      const response = await fetch(`${e2eBaseUrl}/sign-in`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`lantern start did not build and serve within 300 s; see ${e2eServerLog}`);
}

/** Signs the owner in through the real sign-in page and keeps the browser's cookies for the tests. */
async function signInOwner(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ baseURL: e2eBaseUrl });
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill(e2eOwner.email);
    await page.getByLabel("Password").fill(e2eOwner.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/projects/);
    await page.context().storageState({ path: e2eOwnerState });
  } finally {
    await browser.close();
  }
}
