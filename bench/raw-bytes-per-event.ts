// Bytes per stored event of the realistic envelope (bench/realistic-envelope.mjs), raw envelopes kept plain (as
// before issue 17) against compressed (brotli quality 1, as ingest stores them now), then after raw retention.
// For each way: N envelopes go into the intake of a fresh SQLite file, digest stores them all (batches of 50,
// bodies kept), and SQLite's dbstat table gives each table's pages (page size × pages, indexes counted with
// their table). Then raw retention at 0 hours deletes every digested envelope, and the tables are measured again.
// Also the CPU time of compressing one envelope at ingest and decompressing it at digest, against gzip level 1.
// Run: npx tsx bench/raw-bytes-per-event.ts [envelopes=5000]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { decodeRawBody, encodeRawBody } from "../src/server/intake/raw-body";
import { insertProject } from "../src/server/projects/insert-project";
import { pruneRawEnvelopes } from "../src/server/storage/raw-prune-envelopes";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const envelopes = Number(process.argv[2] ?? 5_000);

async function bytesByTable(database: LanternDatabase): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; tbl_name: string; bytes: number }>`
    select coalesce(m.tbl_name, s.name) as tbl_name, sum(s.pgsize) as bytes
    from dbstat as s left join sqlite_schema as m on m.name = s.name group by 1`.execute(database.db);
  return new Map(rows.map((row) => [row.tbl_name, Number(row.bytes)]));
}

function report(label: string, bytes: Map<string, number>): void {
  const of = (table: string) => bytes.get(table) ?? 0;
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0);
  const perEvent = (value: number) => Math.round(value / envelopes).toLocaleString("en");
  if (process.env.BENCH_ALL_TABLES) console.log([...bytes].filter(([, size]) => size > 0).sort((a, b) => b[1] - a[1]).map(([name, size]) => `${name} ${perEvent(size)}`).join(", "));
  console.log(`${label.padEnd(34)} intake_bodies ${perEvent(of("intake_bodies")).padStart(6)} B  intake ${perEvent(of("intake")).padStart(4)} B  events ${perEvent(of("events")).padStart(5)} B  all tables ${perEvent(total).padStart(6)} B per event`);
}

async function measure(compressed: boolean): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-raw-bytes-"));
  const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") });
  try {
    await migrateToLatest(database.db);
    const { project, key } = await insertProject(database.db, { name: "bench", platform: "javascript" });
    for (let start = 0; start < envelopes; start += 100) {
      const rows = await Promise.all(
        Array.from({ length: Math.min(100, envelopes - start) }, async () => {
          const body = realisticEnvelope(`http://${key.public_key}@127.0.0.1/${project.id}`);
          const stored = compressed ? await encodeRawBody(body) : { body, encoding: "identity" as const };
          return { project_id: project.id, received_at: Date.now(), event_id: null, item_types: "event", summary: null, sdk_name: "sentry.javascript.browser", body_bytes: body.length, body: stored.body, encoding: stored.encoding, client_ip: "127.0.0.1" };
        }),
      );
      await insertIntakeEnvelopes(database.db, rows);
    }
    while ((await digestBatch(database, 50)) > 0);
    report(compressed ? "compressed (brotli 1), digested" : "plain (before), digested", await bytesByTable(database));
    await pruneRawEnvelopes(database, { rawHours: 0 });
    report(compressed ? "compressed, after raw retention" : "plain, after raw retention", await bytesByTable(database));
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}

async function cpuPerEnvelope(): Promise<void> {
  const bodies = Array.from({ length: 2_000 }, () => realisticEnvelope("http://0123456789abcdef0123456789abcdef@127.0.0.1/1"));
  const stored: { body: Uint8Array; encoding: string; body_bytes: number }[] = [];
  let started = process.cpuUsage();
  for (const body of bodies) stored.push({ ...(await encodeRawBody(body)), body_bytes: body.length });
  let cpu = process.cpuUsage(started);
  const compressMicros = (cpu.user + cpu.system) / bodies.length;
  started = process.cpuUsage();
  for (const row of stored) decodeRawBody(row);
  cpu = process.cpuUsage(started);
  const decompressMicros = (cpu.user + cpu.system) / bodies.length;
  const plainBytes = bodies.reduce((sum, body) => sum + body.length, 0);
  const ratio = stored.reduce((sum, row) => sum + row.body.length, 0) / plainBytes;
  console.log(`one envelope of ${bodies[0]!.length.toLocaleString("en")} B: compressed to ${(ratio * 100).toFixed(1)} % in ${compressMicros.toFixed(0)} µs CPU (ingest), decompressed in ${decompressMicros.toFixed(0)} µs CPU (digest)`);
  started = process.cpuUsage();
  const gzipped = bodies.map((body) => gzipSync(body, { level: 1 }));
  cpu = process.cpuUsage(started);
  const gzipRatio = gzipped.reduce((sum, body) => sum + body.length, 0) / plainBytes;
  console.log(`gzip level 1 for comparison: ${(gzipRatio * 100).toFixed(1)} % in ${((cpu.user + cpu.system) / bodies.length).toFixed(0)} µs CPU`);
}

console.log(`${envelopes.toLocaleString("en")} realistic envelopes, SQLite, bytes of table and index pages (dbstat)`);
await measure(false);
await measure(true);
await cpuPerEnvelope();
