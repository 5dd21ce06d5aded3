import type { Worker } from "node:worker_threads";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { processSourceMapCache } from "../sourcemaps/source-map-cache";
import { digestIntake, type IntakeForDigest } from "./digest-intake";
import { DigestPool, type DigestPoolOptions } from "./digest-pool";
import { DigestWorker } from "./digest-worker";

const entry = new URL("../../../cli/digest-pool-entry.mjs", import.meta.url);

describe(`DigestPool on ${testDialect}`, () => {
  let database: TestDatabase;
  let project: CreatedProject;
  let pool: DigestPool | undefined;
  beforeEach(async () => {
    database = await createTestDatabase();
    project = await insertProject(database.db, { name: "pool", platform: "node" });
  });
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
    await database.destroy();
  });

  /** Envelopes of distinct events, each with its own message: one issue per message group below. */
  async function storeEvents(count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      ids.push(await storeFixtureEvent(database.db, project.project.id, "node-exception.envelope", (event) => (event.extra = { index })));
    }
    return ids;
  }

  function startPool(onDispatch?: DigestPoolOptions["onDispatch"]): DigestPool {
    const sourceMaps = processSourceMapCache();
    pool = new DigestPool((intake: IntakeForDigest[]) => digestIntake(database.db, intake, sourceMaps), {
      threads: 3,
      entry,
      workerData: { database: database.settings },
      ...(onDispatch ? { onDispatch } : {}),
    });
    return pool;
  }

  async function digestAll(digestPool: DigestPool): Promise<void> {
    const worker = new DigestWorker(database, { batchSize: 20, pool: digestPool });
    await worker.drain();
  }

  async function storedCounts() {
    const events = await database.db.selectFrom("events").select(["event_id", "issue_id"]).execute();
    const issues = await database.db.selectFrom("issues").select(["times_seen"]).execute();
    const failed = await database.db.selectFrom("intake").select(["id", "digest_error"]).where("digest_error", "is not", null).execute();
    const pending = await database.db.selectFrom("intake").select("id").where("digested_at", "is", null).execute();
    return { events: events.length, distinctEvents: new Set(events.map((row) => row.event_id)).size, timesSeen: issues.reduce((sum, row) => sum + Number(row.times_seen), 0), failed, pending: pending.length };
  }

  it("digests each batch on three threads and stores every event once", { timeout: 90_000 }, async () => {
    await storeEvents(90);
    const parts: number[] = [];
    await digestAll(startPool((_, intake) => parts.push(intake.length)));
    expect(await storedCounts()).toEqual({ events: 90, distinctEvents: 90, timesSeen: 90, failed: [], pending: 0 });
    // Batches of 20 per thread (60), each split in three: two parts of every batch went to pool threads.
    expect(parts).toEqual([20, 20, 10, 10]);
  });

  it("loses nothing when a pool thread is ended in the middle of its part", { timeout: 90_000 }, async () => {
    await storeEvents(60);
    let ended = 0;
    const endFirstTwo = (worker: Worker, intake: IntakeForDigest[]) => {
      if (intake.length > 1 && ended < 2) {
        ended += 1;
        void worker.terminate();
      }
    };
    await digestAll(startPool(endFirstTwo));
    expect(ended).toBe(2);
    expect(await storedCounts()).toEqual({ events: 60, distinctEvents: 60, timesSeen: 60, failed: [], pending: 0 });
  });

  it("records an envelope that ends its thread on every try as failed, and stores the others", { timeout: 90_000 }, async () => {
    const ids = await storeEvents(30);
    const poison = ids[25]!;
    await digestAll(startPool((worker, intake) => intake.some((row) => row.id === poison) && void worker.terminate()));
    const counts = await storedCounts();
    expect(counts).toMatchObject({ events: 29, distinctEvents: 29, timesSeen: 29, pending: 0 });
    expect(counts.failed).toEqual([{ id: poison, digest_error: expect.stringMatching(/^digest ended its thread twice on this envelope/) }]);
  });
});
