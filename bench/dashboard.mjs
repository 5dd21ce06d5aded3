#!/usr/bin/env node
// `npm run bench:dashboard` — server response times of the dashboard's issue pages on a realistic SQLite
// database: seeds 1,000,000 events in 20,000 issues across 5 projects (bench/seed-dashboard.ts), starts
// `lantern start` (production build) on it, and times each page from request to the last byte of the body:
// 20 warm-up requests per page, then 200 rounds that request every page once, one request at a time.
// The signed-in owner gets assigned, team and bookmarked issues (bench/dashboard/assign-to-bench-user.ts) for the
// home page's "Assigned to me" and the assigned:/bookmarks: lists.
// Prints p50/p95/max per page against the goal (p95 < 100 ms; the search box's autocomplete answers < 50 ms);
// exits 1 if a page does not answer 200.
//   node bench/dashboard.mjs [--keep] [--skip-build] [--events 1000000] [--issues 20000] [--samples 200] [--warmup 20]
//   node bench/dashboard.mjs --database /tmp/lantern-dashboard-…/lantern.db   (measure a kept seed again)
// Run it through the npm script, which holds /tmp/lantern-e2e.lock so that no build or browser test runs
// beside it (and it runs `next build` first, unless --skip-build says the build is current).
import { execFileSync, spawn } from "node:child_process";
import { cpus, loadavg, tmpdir } from "node:os";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

const flag = (name) => process.argv.includes(`--${name}`);
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const reused = process.argv.includes("--database") ? process.argv[process.argv.indexOf("--database") + 1] : null;
const isKept = flag("keep") || reused !== null;
const events = option("events", 1_000_000);
const issues = option("issues", 20_000);
const samples = option("samples", 200);
const warmup = option("warmup", 20);
const port = 3297;
const origin = `http://127.0.0.1:${port}`;
const goalMs = 100;
/** Autocomplete answers while one types: its goal is tighter. */
const suggestGoalMs = 50;

// A build older than the sources fails in confusing ways (its bundled migrations miss the newest one), so
// the benchmark builds unless told the build is current.
if (!flag("skip-build") || !existsSync("dist/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

const directory = reused ? dirname(reused) : mkdtempSync(join(tmpdir(), "lantern-dashboard-"));
const databasePath = reused ?? join(directory, "lantern.db");
const summaryPath = join(directory, "seed.json");
let server;
let failed = false;
let headers = {};
try {
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, load average ${loadavg().map((value) => value.toFixed(1)).join(" ")}`);

  // 1. Seed (a child process: its heap is gone before the measurement starts).
  if (!reused) await run(process.execPath, ["--max-semi-space-size=64", "--max-old-space-size=8192", "--import", "tsx", "bench/seed-dashboard.ts", databasePath, "--events", String(events), "--issues", String(issues), "--summary", summaryPath]);
  const seed = JSON.parse(readFileSync(summaryPath, "utf8"));

  // 2. lantern start on the seeded file. Retention would delete events beyond its default of 10,000 per
  // issue at start-up; the limit is lifted so that the big issues keep all of theirs.
  const logPath = join(directory, "lantern.log");
  const log = createWriteStream(logPath);
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: `file:${databasePath}`, LANTERN_URL: origin, LANTERN_SELF_MONITORING: "false", LANTERN_MAX_EVENTS_PER_ISSUE: "1000000", NODE_ENV: "production" };
  // Every dashboard page needs a session: an owner signed in through better-auth's server API.
  const cookie = execFileSync(process.execPath, ["--import", "tsx", "bench/sign-in-cookie.ts"], { env, encoding: "utf8" });
  headers = { Cookie: cookie };
  // The owner's own issues: assigned to them, to their team, bookmarked (the seed has no accounts to assign to).
  const ownership = JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "bench/dashboard/assign-to-bench-user.ts"], { env, encoding: "utf8" }));
  const startedAt = performance.now();
  server = spawn(process.execPath, ["cli/lantern.mjs", "start"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout.pipe(log);
  server.stderr.pipe(log);
  await waitUntilServing(`${origin}/api/health`);
  const servingAfter = performance.now() - startedAt;
  // Start-up housekeeping (retention over every event) runs on the digest thread: wait until it is done.
  const settledAfter = (await waitUntilIdle(server.pid)) - startedAt;
  console.log(`lantern start: serving after ${(servingAfter / 1000).toFixed(1)} s, idle after ${(settledAfter / 1000).toFixed(1)} s`);

  // 3. The pages.
  const big = seed.bigIssue;
  const small = seed.smallIssue;
  // The lists: of the project with the most issues.
  const project = [...seed.projects].sort((a, b) => b.issues - a.issues)[0];
  const release = project.releases.at(-1);
  const query = (text) => `query=${encodeURIComponent(text)}`;
  const pages = [
    { name: "Issues, all projects", path: "/issues" },
    { name: `Issues of ${project.slug}`, path: `/projects/${project.slug}/issues` },
    { name: "… is:unresolved level:error release:…", path: `/projects/${project.slug}/issues?${query(`is:unresolved level:error release:${release}`)}` },
    // Digest derives `browser` as name and version ("Chrome 156.0.0.0"), as Sentry does; the name alone is browser.name.
    { name: "Issues, browser.name:Chrome", path: `/issues?${query("is:unresolved browser.name:Chrome")}` },
    { name: "Issues, sorted by events", path: "/issues?sort=times_seen" },
    { name: `Issue page, big (${big.timesSeen.toLocaleString("en")} events)`, path: `/projects/${big.projectSlug}/issues/${big.id}`, fallback: `/issues/${big.id}` },
    { name: `Issue page, small (${small.timesSeen} events)`, path: `/projects/${small.projectSlug}/issues/${small.id}`, fallback: `/issues/${small.id}` },
    { name: `Overview of ${project.slug}, 24 h`, path: `/projects/${project.slug}` },
    { name: `Overview of ${project.slug}, 14 d`, path: `/projects/${project.slug}?range=14d` },
    // Ownership (issue 20): the home page reads "Assigned to me" (the five newest), and the searches behind it.
    { name: `Home: Assigned to me (${ownership.assigned} issues)`, path: "/projects" },
    { name: "Issues, assigned:me is:unresolved", path: `/issues?${query("assigned:me is:unresolved")}` },
    { name: `Issues, assigned:#bench-team (${ownership.toTeam})`, path: `/issues?${query("assigned:#bench-team")}` },
    { name: `Issues, bookmarks:me (${ownership.bookmarked})`, path: `/issues?${query("bookmarks:me")}` },
    { name: "Event page (big issue)", path: `/projects/${seed.event.projectSlug}/issues/${seed.event.issueId}/events/${seed.event.eventId}` },
    // The search box's autocomplete (GET /issues/suggest, JSON): a project's keys, then a tag's top values
    // for a one- and a two-letter prefix, and the user key's values (most of which start with "i").
    ...[
      ["keys of a project", ""],
      ["browser:C", "browser:C"],
      ["browser:Ch", "browser:Ch"],
      ["user:i", "user:i"],
      ["user.email:a", "user.email:a"],
    ].map(([label, text]) => ({ name: `Autocomplete: ${label}`, path: `/issues/suggest?${query(text)}&cursor=${text.length}&projectId=${project.id}`, goal: suggestGoalMs })),
  ];
  for (const page of pages) {
    page.status = await statusOf(page.path);
    if (page.status === 404 && page.fallback) {
      const fallbackStatus = await statusOf(page.fallback);
      if (fallbackStatus === 200) page.measured = page.fallback;
    } else if (page.status === 200) page.measured = page.path;
    page.times = [];
    page.errors = 0;
  }
  const measured = pages.filter((page) => page.measured);
  for (const page of measured) for (let index = 0; index < warmup; index++) await timeRequest(page);
  for (const page of measured) {
    page.times = [];
    page.errors = 0;
  }
  // Round-robin, so that whatever else the machine does is spread over all pages alike.
  for (let round = 0; round < samples; round++) for (const page of measured) await timeRequest(page);

  // 4. Report.
  console.log(`\n${samples} sequential requests per page after ${warmup} warm-up requests; time to the last byte of the body.\n`);
  console.log(`${"page".padEnd(44)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"max".padStart(8)} ${"body".padStart(8)}  p95 < ${goalMs} ms (autocomplete ${suggestGoalMs} ms)`);
  for (const page of pages) {
    if (!page.measured) {
      console.log(`${page.name.padEnd(44)} ${`HTTP ${page.status}`.padStart(8)}  ${page.path}`);
      failed = true;
      continue;
    }
    const sorted = [...page.times].sort((a, b) => a - b);
    const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
    const p95 = at(0.95);
    const note = page.measured === page.path ? "" : `  (HTTP ${page.status}; measured the old path ${page.measured})`;
    if (page.measured !== page.path || page.errors > 0) failed = true;
    console.log(
      `${page.name.padEnd(44)} ${ms(at(0.5))} ${ms(p95)} ${ms(sorted.at(-1))} ${`${(page.bytes / 1024).toFixed(0)} KB`.padStart(8)}  ${p95 < (page.goal ?? goalMs) ? "met" : "NOT met"}${page.errors > 0 ? `, ${page.errors} answers not 200` : ""}${note}`,
    );
  }
  console.log(`\nseed: ${seed.events.toLocaleString("en")} events, ${seed.issues.toLocaleString("en")} issues, ${seed.projects.length} projects in ${seed.seconds.toFixed(0)} s; database ${(statSync(databasePath).size / 1024 / 1024).toFixed(0)} MB`);
  for (const page of pages) console.log(`  ${page.measured ?? page.path}`);
  if (failed) console.error("\nbench:dashboard: FAILED — a page did not answer 200 (see above).");
} catch (error) {
  failed = true;
  console.error(`bench:dashboard: ${error instanceof Error ? error.message : error}`);
  const logPath = join(directory, "lantern.log");
  if (existsSync(logPath)) console.error(`lantern start said:\n${readFileSync(logPath, "utf8").slice(-4000)}`);
} finally {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  if (isKept) console.log(`kept ${databasePath} — where each page's database time goes: npx tsx bench/dashboard/explain-pages.ts ${databasePath}`);
  else rmSync(directory, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function ms(value) {
  return `${value.toFixed(1)} ms`.padStart(8);
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.slice(0, 4).join(" ")}… exited with ${code}`))));
  });
}

async function statusOf(path) {
  const response = await fetch(origin + path, { redirect: "manual", headers });
  await response.arrayBuffer();
  return response.status;
}

async function timeRequest(page) {
  const started = performance.now();
  const response = await fetch(origin + page.measured, { redirect: "manual", headers });
  const body = await response.arrayBuffer();
  page.times.push(performance.now() - started);
  page.bytes = body.byteLength;
  if (response.status !== 200) page.errors++;
}

async function waitUntilServing(url) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (server.exitCode !== null) throw new Error(`lantern start exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("lantern start did not answer within 120 s");
}

/** Waits until the process has used under 5 % of a core for two seconds in a row (at most 5 minutes). */
async function waitUntilIdle(pid) {
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  let quiet = 0;
  let last = cpuMs();
  for (let second = 0; second < 300 && quiet < 2; second++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs();
    quiet = now - last < 50 ? quiet + 1 : 0;
    last = now;
  }
  return performance.now();
}
