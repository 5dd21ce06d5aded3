import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { loadConfig } from "@/server/config";
import { createDatabase, walSizeLimitBytes } from "@/server/db/create-database";
import { migrateToLatest } from "@/server/db/migrate";
import { WriteGate } from "@/server/db/write-gate";
import { createIngestService } from "@/server/ingest/ingest-service";
import { insertProject } from "@/server/projects/insert-project";
import { envelopeFromFixture } from "../tests/support/event-envelopes";
import { DigestThread } from "./digest-thread";

const directory = mkdtempSync(join(tmpdir(), "lantern-digest-thread-"));
afterEach(() => rmSync(directory, { recursive: true, force: true }));

/** The WAL header's checkpoint sequence number (bytes 12–15, big-endian): it goes up each time the WAL starts over. */
function walCheckpointSequence(walPath: string): number {
  const header = Buffer.alloc(16);
  const file = openSync(walPath, "r");
  try {
    readSync(file, header, 0, 16, 0);
  } finally {
    closeSync(file);
  }
  return header.readUInt32BE(12);
}

it("starts the WAL over while ingest and the digest thread both keep writing (lantern start's two writers)", async () => {
  const path = join(directory, "lantern.db");
  const walPath = `${path}-wal`;
  const config = loadConfig({ DATABASE_URL: `file:${path}` });
  // As cli/start-server.ts opens them: ingest's connection here, digest's on its own thread, one write gate.
  const writeGate = WriteGate.create("ingest");
  const database = createDatabase(config.database, { walCheckpoints: "manual", writeGate });
  await migrateToLatest(database.db);
  const { project } = await insertProject(database.db, { name: "steady", platform: "javascript" });
  let firstDigested: () => void = () => {};
  const digesting = new Promise<void>((resolve) => (firstDigested = resolve));
  const service = await createIngestService(database, config, {
    writeGate,
    createDigester: (onDigested) =>
      new DigestThread(
        config.database,
        config.retention,
        (rows) => {
          firstDigested();
          onDigested(rows);
        },
        writeGate,
      ),
  });
  const envelope = () => {
    // About 10 KB each, like a browser error with its breadcrumbs; random, so pages differ.
    const body = envelopeFromFixture("node-exception.envelope", (event) => (event.extra = { padding: randomBytes(5_000).toString("hex") }));
    return { project_id: project.id, received_at: Date.now(), event_id: null, item_types: "event", summary: null, sdk_name: "sentry.javascript.node", body_bytes: body.length, body };
  };

  try {
    await service.writer.append(envelope());
    // The steady state: from the digest thread's first batch on. Before it, the thread is still loading its
    // modules (through tsx here, seconds on a busy machine; lantern start loads a prebuilt bundle), and nobody
    // checkpoints yet.
    await digesting;
    const sequenceAtStart = walCheckpointSequence(walPath);
    let largestWal = 0;
    let committedBytes = 0;
    // Steady writes, a commit every few milliseconds and never a pause, until several WALs' worth was
    // committed: a passive checkpoint alone never catches up with that and the WAL only grows.
    while (committedBytes < 4 * walSizeLimitBytes) {
      const batch = Array.from({ length: 8 }, envelope);
      await Promise.all(batch.map((row) => service.writer.append(row)));
      committedBytes += batch.reduce((sum, row) => sum + row.body_bytes, 0);
      if (existsSync(walPath)) largestWal = Math.max(largestWal, statSync(walPath).size);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(walCheckpointSequence(walPath)).toBeGreaterThan(sequenceAtStart);
    expect(largestWal).toBeLessThan(2.5 * walSizeLimitBytes);
  } finally {
    await service.digest.stop();
    await service.alerts.stop();
    await database.close();
  }
}, 60_000);
