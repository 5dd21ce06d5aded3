#!/usr/bin/env node
// `npm run bench:uptime` — does checking uptime monitors slow ingest down? `lantern start` (production build,
// fresh SQLite) takes envelopes evenly paced at --rate events/s (default 300, well below what a
// small machine sustains, so latency measures the work and not a queue) while its uptime checker
// checks either no monitor or 1,000 monitors every minute, all requesting a local HTTP server (a child process)
// (LANTERN_WEBHOOK_ALLOW_PRIVATE=true). The two states alternate (off, on, off, on) so drift of the machine
// falls on both; each state is judged by the median p99 of its 10-second windows. Goal (issue 31, acceptance 6):
// ingest p99 with the checks within 10 % of without. Also prints the checks made per minute while on.
//   node bench/uptime-load.mjs [--skip-build] [--rate=300] [--monitors=1000] [--windows=3]
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { pacedLoad } from "./paced-load.mjs";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const option = (name, fallback) => Number(process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const rate = option("rate", 300);
const monitorCount = option("monitors", 1000);
const windowsPerState = option("windows", 3);
const lanternPort = 3298;
const targetPort = 3299;

if (!process.argv.includes("--skip-build") || !existsSync("dist/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

// The monitored site, in a process of its own so its work does not delay the load generator's timers (the
// latency of a paced request counts from when it was due): answers 200 at once, like a healthy health check.
const target = spawn(process.execPath, ["-e", `require("node:http").createServer((q, s) => s.writeHead(200, { "content-type": "text/plain" }).end("ok")).listen(${targetPort}, "127.0.0.1")`], { stdio: "ignore" });

const directory = mkdtempSync(join(tmpdir(), "lantern-uptime-bench-"));
const databasePath = join(directory, "lantern.db");
const env = { ...process.env, PORT: String(lanternPort), HOST: "127.0.0.1", DATABASE_URL: `file:${databasePath}`, LANTERN_URL: `http://127.0.0.1:${lanternPort}`, LANTERN_SELF_TRACES_SAMPLE_RATE: "0", LANTERN_INGEST_MAX_BACKLOG: "1000000", LANTERN_RAW_RETENTION_HOURS: "0", LANTERN_WEBHOOK_ALLOW_PRIVATE: "true" };
const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", "bench"], { env, encoding: "utf8" }).trim();
const projectId = Number(dsn.split("/").pop());
const bodies = Array.from({ length: 20_000 }, () => gzipSync(realisticEnvelope(dsn)));
let nextBody = 0;
const server = spawn(process.execPath, ["cli/lantern.mjs", "start"], { env, stdio: ["ignore", "ignore", "inherit"] });
// Stopped by a signal: the server goes too (the finally below runs only when the script ends by itself).
for (const signal of ["SIGINT", "SIGTERM"]) process.once(signal, () => (server.kill("SIGTERM"), target.kill("SIGTERM"), process.exit(1)));
const db = new Database(databasePath);
db.pragma("busy_timeout = 5000");

/** 1,000 monitors every minute, their first checks spread evenly over the next minute (as they drift apart in use). */
function addMonitors() {
  const now = Date.now();
  const insert = db.prepare("insert into uptime_monitors (project_id, name, url, interval_seconds, timeout_ms, next_check_at, created_at, updated_at) values (?, ?, ?, 60, 5000, ?, ?, ?)");
  db.transaction(() => {
    for (let index = 0; index < monitorCount; index += 1) insert.run(projectId, `Site ${index}`, `http://127.0.0.1:${targetPort}/health/${index}`, now + Math.floor((index * 60_000) / monitorCount), now, now);
  })();
}
const setChecking = (isOn) => {
  const now = Date.now();
  if (isOn) db.prepare("update uptime_monitors set status = 'active', next_check_at = ? + (id % 60) * 1000").run(now);
  else db.prepare("update uptime_monitors set status = 'disabled', next_check_at = null").run();
};
const checksSince = (since) => db.prepare("select count(*) as n from uptime_checks where checked_at >= ?").get(since).n;

async function windows(label) {
  const results = [];
  for (let index = 0; index < windowsPerState; index += 1) {
    results.push(await pacedLoad({ url: `http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/`, bodyAt: () => bodies[nextBody++ % bodies.length], rate, seconds: 10, connections: 32, headers: { "content-encoding": "gzip" } }));
  }
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  console.log(`${label.padEnd(22)} p99 ${results.map((result) => result.p99.toFixed(1)).join(", ")} ms   p50 ${results.map((result) => result.p50.toFixed(1)).join(", ")} ms   failed ${failed}`);
  return results.map((result) => result.p99);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${lanternPort}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (attempt > 600) throw new Error("lantern start did not answer");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`envelopes  ${rate}/s evenly paced, ${windowsPerState} windows of 10 s per state; ${monitorCount} monitors × 1 min against 127.0.0.1:${targetPort}`);
  addMonitors();
  setChecking(false);
  // Warm up: the first seconds of a fresh server (JIT, caches) belong to neither state.
  await windows("warm-up");
  const without = [];
  const withChecks = [];
  let checkRate = 0;
  for (const round of [1, 2]) {
    setChecking(false);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    without.push(...(await windows(`without checks (${round})`)));
    setChecking(true);
    // A minute for every monitor to have been checked once and the checker to reach its steady pace.
    await new Promise((resolve) => setTimeout(resolve, 62_000));
    const since = Date.now();
    withChecks.push(...(await windows(`with checks (${round})`)));
    checkRate = Math.round((checksSince(since) / (Date.now() - since)) * 60_000);
    console.log(`                       ${checkRate} checks per minute while the envelopes came (goal ≈ ${monitorCount})`);
  }
  const off = median(without);
  const on = median(withChecks);
  console.log(`result     ingest p99 without checks ${off.toFixed(1)} ms, with ${monitorCount} monitors × 1 min ${on.toFixed(1)} ms: ${(((on - off) / off) * 100).toFixed(1)} % (goal ≤ 10 %)`);
} finally {
  db.close();
  server.kill("SIGTERM");
  target.kill("SIGTERM");
  rmSync(directory, { recursive: true, force: true });
}
