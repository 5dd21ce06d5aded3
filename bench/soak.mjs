#!/usr/bin/env node
// `npm run bench:soak` — a long steady load on `lantern start` (production build, fresh SQLite): first the
// digested rate, measured from a burst (or given with --rate); then half of it, evenly paced (open loop,
// bench/paced-load.mjs), for --minutes. Every 30 s it prints the server's RSS, the backlog (envelopes not yet
// digested) and the errors so far. At the end it waits for the backlog to drain and checks that every
// event answered 200 is stored (0 lost: digested without a problem and counted by its issue) and that RSS
// stayed flat.
//
// "Flat": samples from the first fifth of the steady phase are warm-up and left out; the rest is split into
// halves, and the median RSS of the second half must be within 10 % of the first half's median.
//   node bench/soak.mjs [--minutes=10] [--rate=<events/s>] [--connections=32] [--skip-build]
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import Database from "better-sqlite3";
import { pacedLoad } from "./paced-load.mjs";
import { realisticEnvelope } from "./realistic-envelope.mjs";
import { startLantern } from "./support/lantern-under-test.mjs";

const option = (name, fallback) => Number(process.argv.find((argument) => argument.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const minutes = option("minutes", 10);
const givenRate = option("rate", 0);
const connections = option("connections", 32);
const sampleSeconds = 30;
const burstEnvelopes = 10_000;
const port = 3298;

const lantern = startLantern({ name: "soak", port });
const { dsn, databasePath, logPath } = lantern;
const projectId = Number(new URL(dsn).pathname.slice(1));
const url = `http://127.0.0.1:${port}/api/${projectId}/envelope/`;

/**
 * Each request's event id is its number (burst and steady phases apart), so the final check needs no list
 * of what was sent: an index answered 200 must have its event in `events`.
 */
const eventIdOf = (phase, index) => `${phase.toString(16).padStart(8, "0")}${index.toString(16).padStart(24, "0")}`;
const acknowledged = { burst: new Uint8Array(burstEnvelopes), steady: null };
let errors = 0;
let non2xx = 0;
const answer = (marks) => (index, status) => {
  if (status === 200) marks[index] = 1;
  else if (status === 0) errors += 1;
  else non2xx += 1;
};

let exitCode = 0;
try {
  await lantern.waitUntilServing();
  const pid = servingPid(lantern.server.pid);
  const db = new Database(databasePath, { readonly: true });
  const waiting = () => db.prepare("select count(*) as n from intake where digested_at is null").get().n;
  const drain = async (timeoutMs) => {
    const deadline = Date.now() + timeoutMs;
    while (waiting() > 0 && Date.now() < deadline && !lantern.exit) await new Promise((resolve) => setTimeout(resolve, 100));
  };

  // 1. The digested rate: a burst as fast as 32 connections post it, until the last envelope is digested.
  let rate = givenRate;
  if (!rate) {
    const bodies = Array.from({ length: burstEnvelopes }, (_, index) => gzipSync(realisticEnvelope(dsn, eventIdOf(1, index))));
    const startedAt = performance.now();
    await pacedLoad({ url, bodies, onAnswer: answer(acknowledged.burst), rate: 1_000_000, seconds: burstEnvelopes / 1_000_000, connections, headers: { "content-encoding": "gzip" } });
    await drain(600_000);
    const digestedRate = burstEnvelopes / ((performance.now() - startedAt) / 1000);
    rate = Math.max(1, Math.round(digestedRate / 2));
    console.log(`digest rate ${Math.round(digestedRate)} events/s (${burstEnvelopes} envelopes in a burst, until digested); holding ${rate} events/s`);
  } else {
    console.log(`holding ${rate} events/s (given)`);
  }

  // 2. Half of it, evenly paced, for the whole soak; a sample every 30 s.
  const total = Math.round(rate * minutes * 60);
  acknowledged.steady = new Uint8Array(total);
  const samples = [];
  const startedAt = performance.now();
  const sample = () => {
    const rss = rssMb(pid);
    const entry = { seconds: Math.round((performance.now() - startedAt) / 1000), rss, backlog: waiting(), errors: errors + non2xx };
    samples.push(entry);
    console.log(`  ${String(entry.seconds).padStart(4)} s   RSS ${rss.toFixed(0)} MB   backlog ${entry.backlog}   errors ${entry.errors} (non-2xx ${non2xx}, failed requests ${errors})`);
  };
  sample();
  const sampler = setInterval(sample, sampleSeconds * 1000);
  const steady = await pacedLoad({ url, bodyAt: (index) => gzipSync(realisticEnvelope(dsn, eventIdOf(2, index))), onAnswer: answer(acknowledged.steady), rate, seconds: minutes * 60, connections, headers: { "content-encoding": "gzip" } });
  clearInterval(sampler);
  sample();
  const backlogAtEnd = waiting();
  const drainStartedAt = performance.now();
  await drain(600_000);
  const drainedMs = performance.now() - drainStartedAt;

  // 3. Every event answered 200 is stored: its envelope is in the intake and was digested without a problem,
  // and the issue counted it. Event rows alone cannot show it: retention keeps at most 10,000 events per
  // issue (LANTERN_MAX_EVENTS_PER_ISSUE, pruned every 10 minutes), and all of these share one issue.
  const digested = new Set(db.prepare("select event_id from intake where project_id = ? and digested_at is not null and digest_error is null").pluck().all(projectId));
  let acknowledgedCount = 0;
  let lost = 0;
  for (const [phase, marks] of [[1, acknowledged.burst], [2, acknowledged.steady]]) {
    marks.forEach((mark, index) => {
      if (!mark) return;
      acknowledgedCount += 1;
      if (!digested.has(eventIdOf(phase, index))) lost += 1;
    });
  }
  const counted = db.prepare("select coalesce(sum(times_seen), 0) as n from issues where project_id = ?").get(projectId).n;
  const eventRows = db.prepare("select count(*) as n from events where project_id = ?").get(projectId).n;
  const digestErrors = db.prepare("select count(*) as n from intake where digest_error is not null").get().n;
  db.close();

  // 4. RSS flat: medians of the two halves after warm-up.
  const afterWarmUp = samples.filter((entry) => entry.seconds >= (minutes * 60) / 5);
  const half = Math.floor(afterWarmUp.length / 2);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const firstHalf = median(afterWarmUp.slice(0, half).map((entry) => entry.rss));
  const secondHalf = median(afterWarmUp.slice(half).map((entry) => entry.rss));
  const growth = (secondHalf - firstHalf) / firstHalf;
  const isFlat = half > 0 && growth <= 0.1;
  const logProblems = readFileSync(logPath, "utf8").split("\n").filter((line) => /uncaught|unhandled|ingest failed|FATAL|out of memory/i.test(line));

  console.log(`\nsteady      ${steady.sent} envelopes at ${rate}/s over ${minutes} min   p50 ${steady.p50} ms   p99 ${steady.p99} ms   max ${steady.max} ms   non-2xx ${steady.non2xx}   failed requests ${steady.errors}`);
  console.log(`backlog     largest ${Math.max(...samples.map((entry) => entry.backlog))}, ${backlogAtEnd} when the load stopped, drained ${Math.round(drainedMs)} ms later; digest problems ${digestErrors}`);
  console.log(`RSS         median ${firstHalf.toFixed(0)} MB in the first half after warm-up, ${secondHalf.toFixed(0)} MB in the second (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(1)} %; flat means ≤ +10 %): ${isFlat ? "flat" : "GROWING"}   peak ${Math.max(...samples.map((entry) => entry.rss)).toFixed(0)} MB`);
  console.log(`count       ${acknowledgedCount} events answered 200 (burst and steady); ${acknowledgedCount - lost} of them digested without a problem, ${lost} lost; issues counted ${counted}; ${eventRows} event rows kept (retention: 10,000 per issue)`);
  console.log(`server      ${lantern.exit ? `EXITED ${JSON.stringify(lantern.exit)}` : "running"}   log lines reporting a crash or failed ingest: ${logProblems.length}`);
  for (const line of logProblems.slice(0, 10)) console.log(`  log: ${line.slice(0, 300)}`);
  if (lost > 0 || counted !== acknowledgedCount || !isFlat || lantern.exit || logProblems.length > 0 || errors + non2xx > 0) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await lantern.stop({ isPassed: exitCode === 0 });
}
console.log(exitCode === 0 ? "PASS" : "FAIL");
process.exit(exitCode);

/** The process that serves: `lantern start` itself, or the node process it runs, if it started one. */
function servingPid(pid) {
  for (;;) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    const node = children.find((child) => /node/.test(readFileSync(`/proc/${child}/comm`, "utf8")));
    if (!node) return pid;
    pid = Number(node);
  }
}

function rssMb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
