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
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { deflateSync } from "node:zlib";
import Database from "better-sqlite3";
import { loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { handleIngestRequest } from "../src/server/ingest/handle-ingest-request";
import { createIngestService } from "../src/server/ingest/ingest-service";
import { insertProject } from "../src/server/projects/insert-project";
import { replayEnvelopes, type ReplayEnvelope } from "../tests/support/replay-recording";
import { realisticEnvelope } from "./realistic-envelope.mjs";

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

    /** Ten-minute replays cut into `segmentMs` segments until their compressed segments reach 1 MB. */
    const recording = (segmentMs: number, seedBase: number) => {
      const envelopes: ReplayEnvelope[] = [];
      let replays = 0;
      for (let bytes = 0; bytes < megabyte; replays += 1) {
        const startedAt = Date.now() - 3 * 3_600_000 + replays * minutesPerReplay * 60_000;
        for (const envelope of replayEnvelopes({ dsn, replayId: randomUUID().replaceAll("-", ""), startedAt, minutes: minutesPerReplay, seed: seedBase + replays, segmentMs })) {
          envelopes.push(envelope);
          bytes += envelope.segmentBytes;
        }
      }
      return { envelopes, replays, megabytes: envelopes.reduce((sum, envelope) => sum + envelope.segmentBytes, 0) / megabyte };
    };
    /** Ingest (ten requests at a time, as concurrent browsers share the intake's group commit), then digest; CPU µs of each. */
    const run = async (envelopes: ReplayEnvelope[]) => {
      const ingestCpu = process.cpuUsage();
      const ingestStarted = performance.now();
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
      return { ingestMicros, ingestSeconds, digestMicros, digestSeconds };
    };

    // Minute-long segments first: the same bytes in a twelfth of the requests, to tell per-request from per-byte costs.
    const long = recording(60_000, 1_000);
    const longCost = await run(long.envelopes);
    const longReplays = await replayCount(database.db);
    const longBytes = Number((await database.db.selectFrom("replay_segments").select((eb) => eb.fn.sum<number>("size").as("bytes")).executeTakeFirstOrThrow()).bytes);
    const { envelopes, replays, megabytes } = recording(5_000, 1);
    const segmentBytes = envelopes.reduce((sum, envelope) => sum + envelope.segmentBytes, 0);
    const rawBytes = envelopes.reduce((sum, envelope) => sum + envelope.rawBytes, 0);
    const envelopeBytes = envelopes.reduce((sum, envelope) => sum + envelope.body.length, 0);
    const { ingestMicros, ingestSeconds, digestMicros, digestSeconds } = await run(envelopes);
    const tablesAfter = replayTableBytes(path);

    // For scale: the same request path for as many error-event envelopes (bench:ingest's realistic event).
    const errorBodies = Array.from({ length: envelopes.length }, () => realisticEnvelope(dsn));
    const errorCpu = process.cpuUsage();
    for (let start = 0; start < errorBodies.length; start += 10) await Promise.all(errorBodies.slice(start, start + 10).map((body) => send(body)));
    const errorMicros = cpuMicros(process.cpuUsage(errorCpu));

    // Per byte: one envelope carrying a 1 MB segment (a large snapshot, as a long page sends it) against a 1 KB one,
    // twenty of each; the difference is what a MB costs ingest beyond the request itself.
    const segmentOf = (textBytes: number) => {
      const replayId = randomUUID().replaceAll("-", "");
      const events = [{ type: 2, timestamp: Date.now(), data: { node: { type: 0, id: 1, childNodes: [{ type: 3, id: 2, textContent: randomBytes(textBytes).toString("base64") }] }, initialOffset: { left: 0, top: 0 } } }];
      const recording = Buffer.concat([Buffer.from('{"segment_id":0}\n'), deflateSync(JSON.stringify(events))]);
      const header = JSON.stringify({ event_id: replayId, dsn });
      return { bytes: recording.length, body: Buffer.concat([Buffer.from(`${header}\n{"type":"replay_recording","length":${recording.length}}\n`), recording]) };
    };
    const timeSends = async (make: () => { bytes: number; body: Buffer }) => {
      const bodies = Array.from({ length: 20 }, make);
      const cpu = process.cpuUsage();
      for (const { body } of bodies) await send(body);
      return { micros: cpuMicros(process.cpuUsage(cpu)) / bodies.length, bytes: bodies[0]!.bytes };
    };
    const small = await timeSends(() => segmentOf(700));
    const large = await timeSends(() => segmentOf(770 * 1024));
    const marginalPerMb = ((large.micros - small.micros) / 1000) / ((large.bytes - small.bytes) / megabyte);
    while ((await digestBatch(database, 50, { rawHours: 0 })) > 0);

    const failed = await database.db.selectFrom("intake").select("digest_error").where("digest_error", "is not", null).limit(1).execute();
    const stored = await database.db.selectFrom("replay_segments").select((eb) => [eb.fn.countAll<number>().as("segments"), eb.fn.sum<number>("size").as("bytes")]).executeTakeFirstOrThrow();
    const storedReplays = (await replayCount(database.db)) - longReplays;
    const minutes = replays * minutesPerReplay;
    // The 5-second replays' share of the tables: all of them less what the warm-up and the minute-long replays took, by their segment bytes.
    const replayTables = tablesAfter * ((Number(stored.bytes) - longBytes) / Number(stored.bytes));

    console.log(`recording  ${replays} replays of ${minutesPerReplay} min, ${envelopes.length} segments of 5 s: ${(segmentBytes / 1024).toFixed(0)} KB compressed (${(rawBytes / 1024).toFixed(0)} KB of rrweb JSON, ${(rawBytes / segmentBytes).toFixed(1)}×), envelopes ${(envelopeBytes / 1024).toFixed(0)} KB`);
    console.log(`ingest     ${(ingestMicros / 1000 / megabytes).toFixed(1)} ms CPU per MB of segments (${(ingestMicros / envelopes.length).toFixed(0)} µs per segment envelope, ${Math.round(envelopes.length / ingestSeconds)} envelopes/s; goal ≤ 2 ms per MB)`);
    console.log(`           in ${long.envelopes.length} minute-long segments (${(long.megabytes * 1024).toFixed(0)} KB): ${(longCost.ingestMicros / 1000 / long.megabytes).toFixed(1)} ms CPU per MB (${(longCost.ingestMicros / long.envelopes.length).toFixed(0)} µs per envelope)`);
    console.log(`           one ${(large.bytes / megabyte).toFixed(2)} MB segment: ${(large.micros / 1000).toFixed(2)} ms CPU per envelope, a ${(small.bytes / 1024).toFixed(1)} KB one ${(small.micros / 1000).toFixed(2)} ms: ${marginalPerMb.toFixed(2)} ms CPU per MB beyond the request (goal ≤ 2 ms per MB)`);
    console.log(`           for scale, an error event envelope (${(errorBodies[0]!.length / 1024).toFixed(1)} KB) on the same path: ${(errorMicros / errorBodies.length).toFixed(0)} µs per envelope`);
    console.log(`digest     ${(digestMicros / 1000 / megabytes).toFixed(1)} ms CPU per MB of segments (${(digestMicros / envelopes.length).toFixed(0)} µs per segment, ${Math.round(envelopes.length / digestSeconds)} segments/s); minute-long segments ${(longCost.digestMicros / 1000 / long.megabytes).toFixed(1)} ms per MB${failed.length > 0 ? `; digest errors, e.g. ${failed[0]!.digest_error}` : ""}`);
    console.log(`stored     ${storedReplays} replays, ${Number(stored.segments)} segments in all (with the warm-up's and the minute-long ones), ${(Number(stored.bytes) / 1024).toFixed(0)} KB of segment bodies`);
    console.log(`per minute ${(segmentBytes / minutes / 1024).toFixed(1)} KB sent; ${(replayTables / minutes / 1024).toFixed(1)} KB in replays + replay_segments with indexes (dbstat), ${((replayTables / minutes) * 60 / megabyte).toFixed(2)} MB per replay-hour`);
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

/** replays + replay_segments with their indexes, in bytes (dbstat after a checkpoint). */
function replayTableBytes(path: string): number {
  const sqlite = new Database(path, { readonly: true });
  try {
    const tableBytes = (name: string) => (sqlite.prepare("select coalesce(sum(pgsize), 0) as bytes from dbstat where name = ? or name in (select name from sqlite_master where type = 'index' and tbl_name = ?)").get(name, name) as { bytes: number }).bytes;
    return tableBytes("replays") + tableBytes("replay_segments");
  } finally {
    sqlite.close();
  }
}

async function replayCount(db: ReturnType<typeof createDatabase>["db"]): Promise<number> {
  const row = await db.selectFrom("replays").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

await main();
