// `npm run bench:replays` — what session replay costs (issue 33): prints figures, asserts nothing.
//
// The recording is tests/support/replay-recording.ts's: a shop page as @sentry/browser's replayIntegration
// records it (a ~300-node full snapshot, mutations, mouse moves every 50 ms, scrolls, masked typing, clicks,
// console and fetch breadcrumbs), one zlib-compressed segment per 5 s, each in its own replay_event +
// replay_recording envelope, on a fresh SQLite file.
//   (a) ingest: CPU of handleIngestRequest (the request path both servers use: body read, parse, authenticate,
//       inspect, the intake's group commit) per MB of compressed segments, ten-minute replays until ≥ 1 MB
//       (goal ≤ 2 ms per MB);
//   (b) digest: CPU of digestBatch over the same envelopes (decompress, scrub, store) per MB;
//   (c) storage: bytes stored per replay-minute (the segments as stored, and the replays + replay_segments
//       tables with their indexes from dbstat after a checkpoint).
// Error digest before and after the replays core is bench:digest-drain run on both commits (docs/performance.md).
//   npm run bench:replays [-- minutes-per-replay=10]
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import Database from "better-sqlite3";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { handleIngestRequest } from "../src/server/ingest/handle-ingest-request";
import { createIngestService } from "../src/server/ingest/ingest-service";
import { insertProject } from "../src/server/projects/insert-project";
import { replayEnvelopes, type ReplayEnvelope } from "../tests/support/replay-recording";

const minutesPerReplay = Number(process.argv.slice(2).find((argument) => /^\d+$/.test(argument)) ?? 10);
const megabyte = 1024 * 1024;
const cpuMicros = (usage: NodeJS.CpuUsage) => usage.user + usage.system;

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-bench-replays-"));
  const path = join(directory, "lantern.db");
  const database = createDatabase({ dialect: "sqlite", path }, { walCheckpoints: "manual" });
  try {
    await migrateToLatest(database.db);
    const { project, key } = await insertProject(database.db, { name: "shop", platform: "javascript" });
    const dsn = `http://${key.public_key}@127.0.0.1/${project.id}`;
    const service = await createIngestService(database, loadConfig({ LANTERN_URL: "http://lantern.test", LANTERN_SELF_MONITORING: "false", LANTERN_RAW_RETENTION_HOURS: "0" }), { isDigesting: false });
    const url = new URL(`http://127.0.0.1/api/${project.id}/envelope/?sentry_key=${key.public_key}&sentry_version=7`);
    const send = async (body: Uint8Array) => {
      const answer = await handleIngestRequest(service, { kind: "envelope", projectId: String(project.id) }, { method: "POST", url, headers: new Headers({ "content-type": "application/x-sentry-envelope" }), body: Readable.from([Buffer.from(body)]), remoteAddress: "127.0.0.1" });
      if (answer.status !== 200) throw new Error(`ingest answered ${answer.status}`);
    };

    // Warm-up: one short replay through ingest and digest, so module loading and the first statements are not timed.
    for (const envelope of replayEnvelopes({ dsn, replayId: randomUUID().replaceAll("-", ""), startedAt: Date.now() - 3_600_000, minutes: 1, seed: 99 })) await send(envelope.body);
    while ((await digestBatch(database, 50, { rawHours: 0 })) > 0);
    const warmReplays = await replayCount(database.db);

    const envelopes: ReplayEnvelope[] = [];
    let replays = 0;
    for (let segmentBytes = 0; segmentBytes < megabyte; replays += 1) {
      const startedAt = Date.now() - 2 * 3_600_000 + replays * minutesPerReplay * 60_000;
      for (const envelope of replayEnvelopes({ dsn, replayId: randomUUID().replaceAll("-", ""), startedAt, minutes: minutesPerReplay, seed: replays + 1 })) {
        envelopes.push(envelope);
        segmentBytes += envelope.segmentBytes;
      }
    }
    const segmentBytes = envelopes.reduce((sum, envelope) => sum + envelope.segmentBytes, 0);
    const rawBytes = envelopes.reduce((sum, envelope) => sum + envelope.rawBytes, 0);
    const envelopeBytes = envelopes.reduce((sum, envelope) => sum + envelope.body.length, 0);
    const megabytes = segmentBytes / megabyte;

    const ingestCpu = process.cpuUsage();
    const ingestStarted = performance.now();
    // Ten at a time, as concurrent browsers share the intake's group commit.
    for (let start = 0; start < envelopes.length; start += 10) await Promise.all(envelopes.slice(start, start + 10).map((envelope) => send(envelope.body)));
    const ingestMicros = cpuMicros(process.cpuUsage(ingestCpu));
    const ingestSeconds = (performance.now() - ingestStarted) / 1000;
    database.checkpointWal();

    const digestCpu = process.cpuUsage();
    const digestStarted = performance.now();
    while ((await digestBatch(database, 50, { rawHours: 0 })) > 0);
    const digestMicros = cpuMicros(process.cpuUsage(digestCpu));
    const digestSeconds = (performance.now() - digestStarted) / 1000;
    database.checkpointWal();

    const failed = await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).limit(1).execute();
    const stored = await database.db.selectFrom("replay_segments").select((eb) => [eb.fn.countAll<number>().as("segments"), eb.fn.sum<number>("size").as("bytes")]).executeTakeFirstOrThrow();
    const storedReplays = (await replayCount(database.db)) - warmReplays;
    const minutes = replays * minutesPerReplay;
    const sqlite = new Database(path, { readonly: true });
    const tableBytes = (name: string) => (sqlite.prepare("select coalesce(sum(pgsize), 0) as bytes from dbstat where name = ? or name in (select name from sqlite_master where type = 'index' and tbl_name = ?)").get(name, name) as { bytes: number }).bytes;
    const replayTables = tableBytes("replays") + tableBytes("replay_segments");
    sqlite.close();

    console.log(`recording  ${replays} replays of ${minutesPerReplay} min, ${envelopes.length} segments: ${(segmentBytes / 1024).toFixed(0)} KB compressed (${(rawBytes / 1024).toFixed(0)} KB of rrweb JSON, ${((rawBytes / segmentBytes) || 0).toFixed(1)}×), envelopes ${(envelopeBytes / 1024).toFixed(0)} KB`);
    console.log(`ingest     ${(ingestMicros / 1000 / megabytes).toFixed(2)} ms CPU per MB of segments (${((ingestMicros / envelopes.length)).toFixed(0)} µs per segment envelope, ${Math.round(envelopes.length / ingestSeconds)} envelopes/s; goal ≤ 2 ms per MB)`);
    console.log(`digest     ${(digestMicros / 1000 / megabytes).toFixed(1)} ms CPU per MB of segments (${(digestMicros / envelopes.length).toFixed(0)} µs per segment, ${Math.round(envelopes.length / digestSeconds)} segments/s)${failed.length > 0 ? `; digest errors, e.g. ${failed[0]!.digest_error}` : ""}`);
    console.log(`stored     ${storedReplays} replays, ${Number(stored.segments)} segments (${envelopes.length} sent + the warm-up's), ${(Number(stored.bytes) / 1024).toFixed(0)} KB of segment bodies`);
    console.log(`per minute ${(segmentBytes / minutes / 1024).toFixed(1)} KB sent; ${(replayTables / minutes / 1024).toFixed(1)} KB in replays + replay_segments with indexes (dbstat), ${(replayTables / minutes / 1024 * 60 / 1024).toFixed(2)} MB per replay-hour`);
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function replayCount(db: ReturnType<typeof createDatabase>["db"]): Promise<number> {
  const row = await db.selectFrom("replays").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

await main();
