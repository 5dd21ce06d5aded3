#!/usr/bin/env node
// `npm run bench:ingest` — envelope ingest of `lantern start` (production build, fresh SQLite) against a
// bare Node http server that only reads, gunzips and JSON-parses the same bodies, in one run on this
// machine. Prints accepted and digested events/s, latency, peak RSS, CPU per envelope; whether the backlog
// stays flat at 90 % of the digested rate, evenly paced; then p99 at a fixed 1,000 events/s (median of three
// windows); then events stored per second and database bytes per stored event once raw envelopes are gone.
// Every envelope carries its own event id, as SDKs send them (--cycle=N reuses N bodies, the old way, whose
// duplicates digest drops without storing). With --sourcemaps every event's 24 frames point into a minified app
// whose source maps were uploaded with the real sentry-cli before the load (bench/sourcemapped-app.mjs), so
// digest resolves each frame: the cost of source maps per event, against a run without the flag.
// --alert-rules=N replaces the project's default rule with N (0–5) active alert rules posting to a local
// receiver (bench/alert-rules.mjs): the cost of alerts per event, --alert-rules=5 against --alert-rules=0.
// Last, issue 27's goal load: evenly paced at --pace=RATExSECONDS (default 1500x60), judged by p99 < 20 ms and a
// backlog never above 2 s of events (--pace=0 skips it).
//   node bench/ingest.mjs [seconds=15] [connections=32] [--skip-build] [--cycle=N] [--sourcemaps] [--alert-rules=N] [--pace=1500x60]
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync, inflateSync } from "node:zlib";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { countDeliveries, setUpAlertRules, startAlertReceiver } from "./alert-rules.mjs";
import { pacedLoad } from "./paced-load.mjs";
import { realisticEnvelope } from "./realistic-envelope.mjs";
import { buildSourcemappedApp, sourcemappedEnvelope, uploadSourcemappedApp } from "./sourcemapped-app.mjs";

const [seconds = "15", connections = "32"] = process.argv.slice(2).filter((argument) => !argument.startsWith("--"));
const lanternPort = 3295;
const baselinePort = 3296;
const cycleArgument = process.argv.find((argument) => argument.startsWith("--cycle="));
const [goalRate, goalSeconds] = (process.argv.find((argument) => argument.startsWith("--pace="))?.slice(7) ?? "1500x60").split("x").map(Number);
const cycledBodies = cycleArgument ? Number(cycleArgument.slice("--cycle=".length)) : null;
const withSourceMaps = process.argv.includes("--sourcemaps");
const alertRulesArgument = process.argv.find((argument) => argument.startsWith("--alert-rules="));
const alertRules = alertRulesArgument ? Math.min(5, Number(alertRulesArgument.slice("--alert-rules=".length))) : null;
/** Unique bodies made before the load: more than this run can send, so none is made while it runs. */
const uniqueBodies = 200_000;
const clockTicksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

// A build older than the sources fails in confusing ways (its bundled migrations miss the newest one), so
// the benchmark builds unless told the build is current.
if (!process.argv.includes("--skip-build") || !existsSync("dist/BUILD_ID")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });

function load(url, bodyAt, extra = {}) {
  return autocannon({
    url,
    method: "POST",
    headers: { "content-encoding": "gzip" },
    connections: Number(connections),
    duration: Number(seconds),
    requests: [{ setupRequest: (request) => ({ ...request, body: bodyAt() }) }],
    ...extra,
  });
}

const sample = realisticEnvelope("http://0123456789abcdef0123456789abcdef@127.0.0.1/1");
console.log(`envelope: ${sample.length} bytes, ${gzipSync(sample).length} gzipped; ${connections} connections, ${seconds} s per run`);

// 1. The bare server.
const baselineBodies = Array.from({ length: 200 }, () => gzipSync(realisticEnvelope("http://0123456789abcdef0123456789abcdef@127.0.0.1/1")));
const baseline = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    for (const line of gunzipSync(Buffer.concat(chunks)).toString("utf8").split("\n")) if (line.startsWith("{")) JSON.parse(line);
    response.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
});
await new Promise((resolve) => baseline.listen(baselinePort, "127.0.0.1", resolve));
const baselineCpu = process.cpuUsage();
let nextBaselineBody = 0;
const baselineResult = await load(`http://127.0.0.1:${baselinePort}/api/1/envelope/`, () => baselineBodies[nextBaselineBody++ % baselineBodies.length]);
// The bare server runs in this process beside the load generator: their CPU together, per request.
const baselineCpuMicros = cpuMicros(process.cpuUsage(baselineCpu));
baseline.close();

// 2. Lantern.
const directory = mkdtempSync(join(tmpdir(), "lantern-bench-"));
const databasePath = join(directory, "lantern.db");
// Raw envelopes are deleted right after digest, so the database holds what stays for the retention period.
const env = { ...process.env, PORT: String(lanternPort), HOST: "127.0.0.1", DATABASE_URL: `file:${databasePath}`, LANTERN_URL: `http://127.0.0.1:${lanternPort}`, LANTERN_SELF_TRACES_SAMPLE_RATE: "0", LANTERN_INGEST_MAX_BACKLOG: "1000000", LANTERN_RAW_RETENTION_HOURS: "0", LANTERN_WEBHOOK_ALLOW_PRIVATE: "true" };
const dsn = execFileSync(process.execPath, ["cli/lantern.mjs", "project", "create", "bench"], { env, encoding: "utf8" }).trim();
const projectId = dsn.split("/").pop();
const alertReceiver = alertRules === null ? null : await startAlertReceiver(3297);
if (alertReceiver) setUpAlertRules(databasePath, Number(projectId), alertRules, alertReceiver.url);
const app = withSourceMaps ? await buildSourcemappedApp(directory) : null;
let uploadToken = null;
if (app) {
  execFileSync(process.execPath, ["cli/lantern.mjs", "user", "create", "--email", "ci@bench.test", "--owner"], { env, stdio: "ignore" });
  uploadToken = execFileSync(process.execPath, ["cli/lantern.mjs", "token", "create", "--user", "ci@bench.test", "--scopes", "upload"], { env, encoding: "utf8" }).trim().split(/\s+/).pop();
}
const poolStartedAt = Date.now();
const makeEnvelope = app ? () => sourcemappedEnvelope(app, dsn) : () => realisticEnvelope(dsn);
const bodies = Array.from({ length: cycledBodies ?? uniqueBodies }, () => gzipSync(makeEnvelope()));
let nextBody = 0;
let reusedBodies = 0;
/** The next body; past the pool (unique mode) a body is reused and counted, so a run that outgrew it says so. */
const bodyAt = () => {
  if (cycledBodies === null && nextBody >= bodies.length) reusedBodies += 1;
  return bodies[nextBody++ % bodies.length];
};
console.log(`bodies     ${bodies.length} ${cycledBodies ? "cycled" : "unique event ids"}, made in ${((Date.now() - poolStartedAt) / 1000).toFixed(1)} s before the load`);
// BENCH_SERVER_NODE_ARGS (e.g. "--trace-gc") and BENCH_SERVER_OUTPUT=1 are for looking into a run.
const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS ? process.env.BENCH_SERVER_NODE_ARGS.split(" ") : [];
const serverOutput = process.env.BENCH_SERVER_OUTPUT ? "inherit" : "ignore";
const server = spawn(process.execPath, [...serverNodeArgs, "cli/lantern.mjs", "start"], { env, stdio: ["ignore", serverOutput, serverOutput] });
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
try {
  await waitUntilServing(`http://127.0.0.1:${lanternPort}/projects`);
  if (app) {
    const uploadStartedAt = Date.now();
    uploadSourcemappedApp(app, { url: `http://127.0.0.1:${lanternPort}`, org: "lantern", project: "bench", token: uploadToken });
    console.log(`sourcemaps ${Object.keys(app.bundles).length} minified files and their maps uploaded with sentry-cli in ${Date.now() - uploadStartedAt} ms; every event's 24 frames resolve through them`);
  }
  const db = new Database(databasePath, { readonly: true });
  // Raw retention at 0 hours deletes each intake row as digest stores its event, so digested envelopes are
  // counted from the events (every body has its own event id) plus the intake rows still kept (--cycle's
  // duplicates, which store no event).
  const digested = () => db.prepare("select (select count(*) from events) + (select count(*) from intake where digested_at is not null) as n").get().n;
  const storedEvents = () => db.prepare("select count(*) as n from events").get().n;
  const waiting = () => db.prepare("select count(*) as n from intake where digested_at is null").get().n;

  const startedAt = Date.now();
  const serverCpuAtStart = serverCpuMicros();
  const generatorCpu = process.cpuUsage();
  const lanternResult = await load(`http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/`, bodyAt);
  const generatorCpuMicros = cpuMicros(process.cpuUsage(generatorCpu));
  const loadEndedAt = Date.now();
  const storedDuringLoad = storedEvents();
  const backlogAtEnd = waiting();
  while (waiting() > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  const drainedAt = Date.now();
  // Every thread of `lantern start` (ingest, digest, GC, zlib) from the first request until the backlog was
  // digested, per envelope: what one envelope costs the machine end to end.
  const digestedCount = digested();
  const storedCount = storedEvents();
  const serverCpuPerEnvelope = (serverCpuMicros() - serverCpuAtStart) / digestedCount;
  const accepted = lanternResult["2xx"];
  const rate = (count, ms) => Math.round((count / ms) * 1000);

  // 3. Whether digest keeps up at that rate as a steady load rather than a burst: evenly paced at 90 % of the
  // digested rate for 20 s, the backlog should stay near zero instead of growing.
  const steadyRate = Math.round((0.9 * rate(digestedCount, drainedAt - startedAt)) / 10) * 10;
  let largestSteadyBacklog = 0;
  const backlogSampler = setInterval(() => (largestSteadyBacklog = Math.max(largestSteadyBacklog, waiting())), 250);
  const steady = await pacedLoad({ url: `http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/`, bodyAt: () => bodyAt(), rate: steadyRate, seconds: 20, connections: Number(connections), headers: { "content-encoding": "gzip" } });
  clearInterval(backlogSampler);
  const steadyBacklogAtEnd = waiting();
  while (waiting() > 0) await new Promise((resolve) => setTimeout(resolve, 50));

  // 4. Latency at a fixed 1,000 events/s, evenly paced and open loop (bench/paced-load.mjs): three 10-second
  // windows back to back, judged by the median window, since a single window's p99 rests on its hundred
  // slowest requests and swings between runs.
  const windows = [];
  for (let window = 0; window < 3; window += 1) {
    windows.push(await pacedLoad({ url: `http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/`, bodyAt: () => bodyAt(), rate: 1000, seconds: 10, connections: Number(connections), headers: { "content-encoding": "gzip" } }));
  }
  const paced = [...windows].sort((a, b) => a.p99 - b.p99)[1];
  while (waiting() > 0) await new Promise((resolve) => setTimeout(resolve, 50));

  // 5. The goal load: evenly paced at goalRate for goalSeconds, the backlog sampled every 250 ms.
  let goal = null;
  if (goalRate > 0) {
    let largestGoalBacklog = 0;
    const goalSampler = setInterval(() => (largestGoalBacklog = Math.max(largestGoalBacklog, waiting())), 250);
    const result = await pacedLoad({ url: `http://127.0.0.1:${lanternPort}/api/${projectId}/envelope/`, bodyAt: () => bodyAt(), rate: goalRate, seconds: goalSeconds || 60, connections: Number(connections), headers: { "content-encoding": "gzip" } });
    clearInterval(goalSampler);
    goal = { ...result, largestBacklog: largestGoalBacklog, backlogAtEnd: waiting() };
  }
  // SQLite starts the WAL over only after a checkpoint that caught up with it, which steady writes would
  // prevent without digest's catch-up (DigestWorker.checkpoint); its size here shows how far it grew.
  const walMb = (statSync(`${databasePath}-wal`, { throwIfNoEntry: false })?.size ?? 0) / 1048576;
  const rss = peakRssMb();
  // Bytes per stored event once raw envelopes are gone (LANTERN_RAW_RETENTION_HOURS=0 above): the pages in
  // use (the file minus its free list) over every event stored in this run, waiting up to 30 s for the last
  // raw bodies to be deleted.
  const rawBodies = () => db.prepare("select count(*) as n from intake_bodies").get().n;
  for (let waited = 0; rawBodies() > 0 && waited < 30_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
  const pragma = (name) => db.prepare(`pragma ${name}`).pluck().get();
  const usedBytes = (pragma("page_count") - pragma("freelist_count")) * pragma("page_size");
  const finalStored = storedEvents();
  const tableBytes = tableSizes(db);
  // Source maps are a fixed amount, not a cost per event: Lantern's own build (registered at start) and this
  // run's uploads are counted apart.
  const sourceMapBytes = sourceMapTableBytes(db);
  const eventBytes = usedBytes - sourceMapBytes;
  const baselineRate = rate(baselineResult["2xx"], Number(seconds) * 1000);
  const digestedRate = rate(digestedCount, drainedAt - startedAt);
  console.log(`baseline   ${baselineRate} requests/s   p50 ${baselineResult.latency.p50} ms   p99 ${baselineResult.latency.p99} ms`);
  console.log(`lantern    accepted ${rate(accepted, loadEndedAt - startedAt)} events/s   digested ${digestedRate} events/s   p50 ${lanternResult.latency.p50} ms   p99 ${lanternResult.latency.p99} ms   non-2xx ${lanternResult.non2xx}   errors ${lanternResult.errors}`);
  console.log(`           backlog when the load stopped: ${backlogAtEnd}; drained ${drainedAt - loadEndedAt} ms later; envelopes digested ${digestedCount}, events stored ${storedCount}${cycledBodies ? ` (bodies cycle through ${cycledBodies} event ids)` : ""}`);
  console.log(`stored     ${rate(storedCount, drainedAt - startedAt)} events/s from the first request until the backlog was digested; ${rate(storedDuringLoad, loadEndedAt - startedAt)} events/s while under load, ${rate(storedCount - storedDuringLoad, drainedAt - loadEndedAt)} events/s after it stopped`);
  console.log(`steady     ${steadyRate} events/s evenly paced for 20 s (90 % of digested): backlog at most ${largestSteadyBacklog}, ${steadyBacklogAtEnd} when it ended   p99 ${steady.p99} ms   non-2xx ${steady.non2xx}   errors ${steady.errors}`);
  console.log(`at 1,000/s p50 ${paced.p50} ms   p99 ${paced.p99} ms (evenly paced; median of three 10-s windows: ${windows.map((result) => result.p99).join(", ")} ms)   non-2xx ${windows.reduce((sum, result) => sum + result.non2xx, 0)}   errors ${windows.reduce((sum, result) => sum + result.errors, 0)}`);
  if (goal) {
    const backlogSeconds = goal.largestBacklog / goalRate;
    console.log(`goal pace  ${goalRate} events/s evenly paced for ${goalSeconds || 60} s: p50 ${goal.p50} ms   p99 ${goal.p99} ms (goal < 20)   backlog at most ${goal.largestBacklog} = ${backlogSeconds.toFixed(1)} s of events (goal ≤ 2 s), ${goal.backlogAtEnd} when it ended   non-2xx ${goal.non2xx}   errors ${goal.errors}`);
  }
  const perRequest = (micros, requests) => Math.round(micros / requests);
  console.log(`CPU        lantern ${Math.round(serverCpuPerEnvelope)} µs per envelope (all threads, ingest and digest)   load generator ${perRequest(generatorCpuMicros, lanternResult.requests.total)} µs per request   bare server with its load generator ${perRequest(baselineCpuMicros, baselineResult.requests.total)} µs per request`);
  console.log(`peak RSS   ${rss.toFixed(0)} MB (lantern start, whole process)`);
  console.log(`WAL file   ${walMb.toFixed(0)} MB after the paced windows`);
  console.log(`ratio      digested/baseline ${(digestedRate / baselineRate).toFixed(2)} (goal ≥ 0.5)`);
  console.log(`disk       ${(eventBytes / finalStored / 1024).toFixed(2)} KB of database per stored event (${finalStored} events, ${(usedBytes / 1048576).toFixed(1)} MB in use, of which ${(sourceMapBytes / 1048576).toFixed(1)} MB source maps apart; raw bodies left ${rawBodies()}; goal ≤ 2.5 KB)${reusedBodies > 0 ? `; ${reusedBodies} bodies were sent twice (the pool ran out)` : ""}`);
  if (tableBytes) console.log(`           by table: ${tableBytes.map(([name, bytes]) => `${name} ${(bytes / finalStored).toFixed(0)} B`).join(", ")} per stored event`);
  if (app) {
    const payload = db.prepare("select payload from events order by id desc limit 1").pluck().get();
    const frames = JSON.parse(inflateSync(payload).toString("utf8")).exception.values[0].stacktrace.frames;
    console.log(`resolved   ${frames.filter((frame) => frame.data?.sourcemap).length} of ${frames.length} frames of the last stored event came from source maps`);
  }
  if (alertReceiver) {
    const deliveries = countDeliveries(db);
    console.log(`alerts     ${alertRules} active rules: ${deliveries.decided} deliveries decided, ${deliveries.sent} sent; the receiver got ${alertReceiver.received()} requests`);
  }
  db.close();
} finally {
  server.kill("SIGTERM");
  alertReceiver?.close();
  rmSync(directory, { recursive: true, force: true });
}

/** Bytes of the source-map tables and their indexes (dbstat; 0 without it). */
function sourceMapTableBytes(db) {
  try {
    return db.prepare("select coalesce(sum(pgsize), 0) as bytes from dbstat where name like 'artifact%' or name like 'sqlite_autoindex_artifact%' or name like 'upload_chunks%' or name like 'sqlite_autoindex_upload_chunks%'").get().bytes;
  } catch {
    return 0;
  }
}

/** Bytes per table and index (SQLite's dbstat), largest first; null when this SQLite build lacks dbstat. */
function tableSizes(db) {
  try {
    return db.prepare("select name, sum(pgsize) as bytes from dbstat where name not like '%artifact%' group by name order by bytes desc limit 8").all().map((row) => [row.name, row.bytes]);
  } catch {
    return null;
  }
}

function cpuMicros({ user, system }) {
  return user + system;
}

/** User + system CPU of `lantern start`, all its threads, in µs (/proc/<pid>/stat counts clock ticks). */
function serverCpuMicros() {
  const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / clockTicksPerSecond;
}

async function waitUntilServing(url) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("lantern start did not answer");
}
