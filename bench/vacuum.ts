// What giving space back costs on SQLite. Builds a file as Lantern made it before migration 0012
// (auto_vacuum NONE, WAL): a few thousand realistic envelopes digested for real, then event rows
// copied, 50,000 at a time (new event ids, same payloads, every index updated) until the file reaches the target size
// (default 1 GB). Then:
//  1. the one-time conversion (migration 0012: PRAGMA auto_vacuum = INCREMENTAL + VACUUM + a truncating
//     checkpoint): duration, and the peak of extra disk it used (free space on the volume, sampled by a
//     worker thread every 20 ms while VACUUM blocks the main one; the temporary copy and the WAL included
//     when they share the volume, as here);
//  2. a third of the events deleted (oldest first, as retention would), then vacuumFreePages step by step
//     with its defaults (512 pages per step): time per step (how long ingest may wait for the write gate)
//     and in total.
// Run: npx tsx bench/vacuum.ts [megabytes=1024] [keep=1]  (keep=1 leaves the file)
import { mkdtempSync, rmSync, statfsSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { createDatabase } from "../src/server/db/create-database";
import { migrateTo, migrateToLatest, migrationNames } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { insertProject } from "../src/server/projects/insert-project";
import { vacuumFreePages } from "../src/server/storage/vacuum-free-pages";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const targetBytes = Number(process.argv.find((arg) => arg.startsWith("megabytes="))?.slice(10) ?? 1024) * 1024 * 1024;
const keepFile = process.argv.includes("keep=1");
const digested = 5_000;
const megabyte = 1024 * 1024;

const directory = mkdtempSync(join(tmpdir(), "lantern-bench-vacuum-"));
const path = join(directory, "lantern.db");
const old = new BetterSqlite3(path);
old.pragma("journal_mode = WAL");
old.close();
const database = createDatabase({ dialect: "sqlite", path });
const pragma = async (name: string) => Number(Object.values((await sql.raw(`pragma ${name}`).execute(database.db)).rows[0] as object)[0]);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
try {
  await migrateTo(database.db, migrationNames[migrationNames.indexOf("0012-incremental-vacuum") - 1]!);
  const { project, key } = await insertProject(database.db, { name: "bench", platform: "javascript" });
  for (let start = 0; start < digested; start += 100) {
    const rows = Array.from({ length: 100 }, (_, index) => {
      const body = realisticEnvelope(`http://${key.public_key}@127.0.0.1/${project.id}`);
      return { project_id: project.id, received_at: Date.now() - (digested - start - index), event_id: null, item_types: "event", summary: null, sdk_name: "sentry.javascript.browser", body_bytes: body.length, body, client_ip: "127.0.0.1" };
    });
    await insertIntakeEnvelopes(database.db, rows);
  }
  while ((await digestBatch(database, 200)) > 0);
  const buildStartedAt = performance.now();
  const columns = "project_id, intake_id, type, timestamp, received_at, level, platform, title, release, environment, user_key, payload, issue_id, group_hash";
  while (statSync(path).size < targetBytes) {
    await sql.raw(`insert into events (event_id, ${columns}) select lower(hex(randomblob(16))), ${columns} from events order by id limit 50000`).execute(database.db);
    database.checkpointWal();
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  const events = (await sql<{ n: number }>`select count(*) as n from events`.execute(database.db)).rows[0]!.n;
  console.log(`built ${(statSync(path).size / megabyte).toFixed(0)} MB, ${events} events, auto_vacuum ${await pragma("auto_vacuum")} (copies in ${seconds(buildStartedAt)} s)`);

  // 1. The one-time conversion.
  const sampler = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads"); const fs = require("node:fs");
     let minFree = Infinity, maxWal = 0;
     const sample = () => { const s = fs.statfsSync(workerData.directory); minFree = Math.min(minFree, s.bavail * s.bsize);
       try { maxWal = Math.max(maxWal, fs.statSync(workerData.path + "-wal").size); } catch {} };
     const timer = setInterval(sample, 20); sample();
     parentPort.on("message", () => { clearInterval(timer); sample(); parentPort.postMessage({ minFree, maxWal }); });`,
    { eval: true, workerData: { directory, path } },
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const freeBefore = statfsSync(directory).bavail * statfsSync(directory).bsize;
  const sizeBefore = statSync(path).size;
  const convertStartedAt = performance.now();
  await migrateToLatest(database.db);
  const convertSeconds = seconds(convertStartedAt);
  const sampled = await new Promise<{ minFree: number; maxWal: number }>((resolve) => {
    sampler.once("message", resolve);
    sampler.postMessage("stop");
  });
  await sampler.terminate();
  console.log(
    `conversion (migration 0012) of ${(sizeBefore / megabyte).toFixed(0)} MB: ${convertSeconds} s; peak extra disk ${((freeBefore - sampled.minFree) / megabyte).toFixed(0)} MB` +
      ` (largest WAL ${(sampled.maxWal / megabyte).toFixed(0)} MB); after: ${(statSync(path).size / megabyte).toFixed(0)} MB, auto_vacuum ${await pragma("auto_vacuum")}`,
  );

  // 2. Retention frees a third; housekeeping gives it back step by step.
  const deleteStartedAt = performance.now();
  const third = Math.floor(events / 3);
  for (let first = 0; first < third; first += 20_000) {
    await sql`delete from events where id in (select id from events order by id limit ${Math.min(20_000, third - first)})`.execute(database.db);
  }
  database.checkpointWal();
  const freePages = await pragma("freelist_count");
  console.log(`deleted ${third} events in ${seconds(deleteStartedAt)} s: ${freePages} free pages (${((freePages * 4096) / megabyte).toFixed(0)} MB), file ${(statSync(path).size / megabyte).toFixed(0)} MB`);
  const stepMs: number[] = [];
  let pages = 0;
  const vacuumStartedAt = performance.now();
  for (;;) {
    const stepStartedAt = performance.now();
    const { pagesReleased, steps } = await vacuumFreePages(database, { maxSteps: 1 });
    if (steps === 0) break;
    stepMs.push(performance.now() - stepStartedAt);
    pages += pagesReleased;
  }
  const sorted = [...stepMs].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!.toFixed(1);
  console.log(
    `incremental vacuum: ${pages} pages (${((pages * 4096) / megabyte).toFixed(0)} MB) in ${stepMs.length} steps, ${seconds(vacuumStartedAt)} s; per step median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms;` +
      ` file now ${(statSync(path).size / megabyte).toFixed(0)} MB, ${await pragma("freelist_count")} free pages`,
  );
} finally {
  await database.close();
  if (keepFile) console.log(`kept ${path}`);
  else rmSync(directory, { recursive: true, force: true });
}
