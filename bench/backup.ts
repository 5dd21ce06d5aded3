// What `lantern backup` costs on SQLite, and whether a writer waits for it. Builds a file of realistic raw
// envelopes (intake + intake_bodies, as ingest stores them) up to the target size (default 512 MB), then:
//  1. takeBackup alone: duration (one backup step, then integrity_check of the copy) and size;
//  2. the same while another process commits one envelope per transaction as fast as it can (what
//     ingest's group commit does at its busiest): the writer's commits per second and its slowest commit
//     before and during the backup — a writer that waited for the copy would show it there.
// Run: npx tsx bench/backup.ts [megabytes=512]
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { takeBackup } from "../src/server/backup/take-backup";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { insertProject } from "../src/server/projects/insert-project";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const targetBytes = Number(process.argv.find((arg) => arg.startsWith("megabytes="))?.slice(10) ?? 512) * 1024 * 1024;
const megabyte = 1024 * 1024;
const directory = mkdtempSync(join(tmpdir(), "lantern-bench-backup-"));
const path = join(directory, "lantern.db");

// The writer: a separate process with its own connection, as ingest is to `lantern backup`. Like `lantern
// start` it never checkpoints inside a commit (wal_autocheckpoint = 0) and runs a passive checkpoint every
// 250 ms, timed apart (the digest thread's, which no SDK waits for). Prints one line per second: commits,
// slowest commit and slowest checkpoint in ms.
const writerSource = `
const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve("better-sqlite3"))});
const db = new Database(process.argv[1], { timeout: 5000 });
db.pragma("journal_mode = WAL"); db.pragma("synchronous = NORMAL"); db.pragma("wal_autocheckpoint = 0");
const body = Buffer.from(process.argv[3], "base64");
const insert = db.transaction(() => {
  const { lastInsertRowid } = db.prepare("insert into intake (project_id, received_at, item_types, body_bytes) values (?, ?, 'event', ?)").run(Number(process.argv[2]), Date.now(), body.length);
  db.prepare("insert into intake_bodies (intake_id, body, encoding) values (?, ?, 'identity')").run(lastInsertRowid, body);
});
let commits = 0, slowest = 0, slowestCheckpoint = 0, windowStart = Date.now(), nextCheckpoint = 0;
for (;;) {
  const started = performance.now(); insert(); const took = performance.now() - started;
  commits++; slowest = Math.max(slowest, took);
  if (Date.now() >= nextCheckpoint) {
    const checkpointStarted = performance.now(); db.pragma("wal_checkpoint(PASSIVE)");
    slowestCheckpoint = Math.max(slowestCheckpoint, performance.now() - checkpointStarted); nextCheckpoint = Date.now() + 250;
  }
  if (Date.now() - windowStart >= 1000) { console.log(Date.now() + " " + commits + " " + slowest.toFixed(1) + " " + slowestCheckpoint.toFixed(1)); commits = 0; slowest = 0; slowestCheckpoint = 0; windowStart = Date.now(); }
}`;

async function main(): Promise<void> {
  const database = createDatabase({ dialect: "sqlite", path });
  await migrateToLatest(database.db);
  const { project, key } = await insertProject(database.db, { name: "Bench", platform: "node" });
  await database.close();

  const sqlite = new BetterSqlite3(path);
  sqlite.pragma("journal_mode = WAL");
  const insert = sqlite.prepare("insert into intake (project_id, received_at, item_types, body_bytes) values (?, ?, 'event', ?)");
  const insertBody = sqlite.prepare("insert into intake_bodies (intake_id, body, encoding) values (?, ?, 'identity')");
  const dsn = `http://${key.public_key}@localhost:3000/${project.id}`;
  const fill = sqlite.transaction((count: number) => {
    for (let index = 0; index < count; index++) {
      const body = realisticEnvelope(dsn);
      const { lastInsertRowid } = insert.run(project.id, Date.now(), body.length);
      insertBody.run(lastInsertRowid, body);
    }
  });
  const fileBytes = () => (sqlite.pragma("page_count", { simple: true }) as number) * (sqlite.pragma("page_size", { simple: true }) as number);
  while (fileBytes() < targetBytes) fill(2_000);
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  const sample = realisticEnvelope(dsn).toString("base64");
  sqlite.close();
  console.log(`database: ${(targetBytes / megabyte).toFixed(0)} MB of raw envelopes of ${Buffer.from(sample, "base64").length} bytes (bench/realistic-envelope.mjs)`);

  const alone = await takeBackup({ dialect: "sqlite", path }, join(directory, "alone.db"));
  console.log(`backup alone: ${(alone.bytes / megabyte).toFixed(0)} MB in ${(alone.milliseconds / 1000).toFixed(2)} s`);
  rmSync(alone.file);

  const writer = spawn(process.execPath, ["-e", writerSource, path, String(project.id), sample], { stdio: ["ignore", "pipe", "inherit"] });
  const seconds: { at: number; commits: number; slowestMs: number; slowestCheckpointMs: number }[] = [];
  writer.stdout.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString().trim().split("\n")) {
      const [at, commits, slowest, slowestCheckpoint] = line.split(" ").map(Number);
      seconds.push({ at: at!, commits: commits!, slowestMs: slowest!, slowestCheckpointMs: slowestCheckpoint! });
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 4_000));
  const backupStarted = Date.now();
  const during = await takeBackup({ dialect: "sqlite", path }, join(directory, "during.db"));
  const backupEnded = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  writer.kill();
  const before = seconds.filter((second) => second.at < backupStarted);
  const inside = seconds.filter((second) => second.at > backupStarted && second.at <= backupEnded + 1000);
  const summary = (list: typeof seconds) =>
    `${Math.round(list.reduce((sum, second) => sum + second.commits, 0) / Math.max(1, list.length))} commits/s, slowest commit ${Math.max(0, ...list.map((second) => second.slowestMs)).toFixed(1)} ms, ` +
    `slowest checkpoint ${Math.max(0, ...list.map((second) => second.slowestCheckpointMs)).toFixed(1)} ms`;
  console.log(`backup while a writer commits: ${(during.bytes / megabyte).toFixed(0)} MB in ${(during.milliseconds / 1000).toFixed(2)} s`);
  console.log(`writer before the backup: ${summary(before)}; during it: ${summary(inside)}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(directory, { recursive: true, force: true }));
