// Digest alone, the way the digest thread runs it: N realistic envelopes (bench/ingest's, each with its own
// event id) wait in the intake of a fresh SQLite file; digestBatch runs batch after batch (50, as the
// thread does) until none is left. Prints digested events/s and CPU µs per event — steadier than the HTTP
// benchmark, where ingest, digest and autocannon share two cores, so changes to digest are measured here
// first. --alert-rules=N gives the project N of bench/alert-rules.mjs's five active rules (the deliveries they
// decide stay in the outbox: no sender runs). --workers=N digests as `lantern start` with LANTERN_DIGEST_WORKERS=N:
// batches of 50 per thread, split over this thread and N - 1 pool threads (CPU counts every thread).
// Run: npm run bench:digest-drain [-- envelopes=20000] [--alert-rules=N] [--workers=N]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "../src/server/db/create-database";
import { migrateToLatest } from "../src/server/db/migrate";
import { digestBatch } from "../src/server/digest/digest-batch";
import { insertIntakeEnvelopes } from "../src/server/intake/intake-writer";
import { encodeRawBody } from "../src/server/intake/raw-body";
import { insertProject } from "../src/server/projects/insert-project";
import { digestIntake, type IntakeForDigest } from "../src/server/digest/digest-intake";
import { DigestPool } from "../src/server/digest/digest-pool";
import { processSourceMapCache } from "../src/server/sourcemaps/source-map-cache";
import type { LanternDatabase } from "../src/server/db/create-database";
import { setUpAlertRules } from "./alert-rules.mjs";
import { realisticEnvelope } from "./realistic-envelope.mjs";

const envelopes = Number(process.argv.slice(2).find((argument) => !argument.startsWith("--")) ?? 20_000);
const alertRules = Number(process.argv.find((argument) => argument.startsWith("--alert-rules="))?.slice("--alert-rules=".length) ?? 0);
const workers = Number(process.argv.find((argument) => argument.startsWith("--workers="))?.slice("--workers=".length) ?? 1);
const directory = mkdtempSync(join(tmpdir(), "lantern-digest-drain-"));
const database = createDatabase({ dialect: "sqlite", path: join(directory, "lantern.db") }, { walCheckpoints: "manual" });
try {
  await migrateToLatest(database.db);
  const { project, key } = await insertProject(database.db, { name: "bench", platform: "javascript" });
  setUpAlertRules(join(directory, "lantern.db"), project.id, alertRules, "http://127.0.0.1:9/bench-hook");
  const receivedAt = Date.now();
  for (let start = 0; start < envelopes; start += 100) {
    const rows = await Promise.all(
      Array.from({ length: Math.min(100, envelopes - start) }, async () => {
        const body = realisticEnvelope(`http://${key.public_key}@127.0.0.1/${project.id}`);
        // Stored as ingest stores it, so digest's time includes decompressing it.
        const stored = await encodeRawBody(body);
        return { project_id: project.id, received_at: receivedAt, event_id: null, item_types: "event", summary: null, sdk_name: "sentry.javascript.browser", body_bytes: body.length, body: stored.body, encoding: stored.encoding, client_ip: "127.0.0.1" };
      }),
    );
    await insertIntakeEnvelopes(database.db, rows);
  }
  database.checkpointWal();

  const sourceMaps = processSourceMapCache();
  const pool = workers > 1 ? new DigestPool((intake) => digestIntake(database.db, intake, sourceMaps), { threads: workers, entry: new URL("../cli/digest-pool-entry.mjs", import.meta.url), workerData: { database: { dialect: "sqlite", path: join(directory, "lantern.db") } } }) : null;
  // The pool's threads start before the clock does, as they do when `lantern start` starts.
  if (pool) await pool.digest(await selectSomeIntake(database, workers * 2)).then(() => undefined);
  const startedAt = performance.now();
  const cpuBefore = process.cpuUsage();
  let digested = 0;
  let lastCheckpointAt = startedAt;
  for (let rows; (rows = await digestBatch(database, 50 * workers, pool ? { digestWith: (intake) => pool.digest(intake) } : {})) > 0; ) {
    digested += rows;
    // As the digest thread does: a passive checkpoint every 250 ms, outside the batch.
    if (performance.now() - lastCheckpointAt >= 250) {
      database.checkpointWal();
      lastCheckpointAt = performance.now();
    }
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const events = await database.db.selectFrom("events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  await pool?.close();
  console.log(`${workers} thread${workers === 1 ? "" : "s"}: digested ${digested} envelopes (${events.n} events stored) in ${seconds.toFixed(2)} s: ${Math.round(digested / seconds)} events/s, CPU ${Math.round((cpu.user + cpu.system) / digested)} µs per event`);
} finally {
  await database.close();
  rmSync(directory, { recursive: true, force: true });
}

/** A few waiting envelopes to warm the pool's threads with (digested and thrown away, nothing written). */
async function selectSomeIntake(database: LanternDatabase, count: number): Promise<IntakeForDigest[]> {
  const rows = await database.db.selectFrom("intake").innerJoin("intake_bodies", "intake_bodies.intake_id", "intake.id").select(["intake.id", "intake.project_id", "intake.received_at", "intake.client_ip", "intake.body_bytes", "intake_bodies.body", "intake_bodies.encoding"]).limit(count).execute();
  return rows;
}
