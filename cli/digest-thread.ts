import { once } from "node:events";
import { Worker } from "node:worker_threads";
import type { LanternConfig } from "../src/server/config";
import type { WriteGate } from "../src/server/db/write-gate";
import type { Digester } from "../src/server/ingest/ingest-service";

/** V8's young generation of each digest thread (the pool's too), in MB. */
export const digestYoungGenerationMb = 12;

/** What the digest thread is started with. */
export interface DigestThreadData {
  database: LanternConfig["database"];
  retention: LanternConfig["retention"];
  writeGate?: SharedArrayBuffer;
  diskBudgetBytes: number | null;
  sourceMapCacheBytes?: number;
  sourceMapRetention?: Pick<LanternConfig["sourceMaps"], "retentionDays" | "keepPerProject">;
  /** LANTERN_DIGEST_WORKERS: threads that run digest's CPU steps, the digest thread included. */
  digestWorkers: number;
  /** config.instances.leaseMs: the thread's housekeeping runs while this instance holds its lease. */
  housekeepingLeaseMs?: number;
}

type FromThread = { type: "digested"; rows: number } | { type: "drained" };

/**
 * Digest on a worker thread with its own database connection, so normalizing and storing events runs on
 * another core than the one answering SDKs. The main thread only tells it when something was committed.
 */
export class DigestThread implements Digester {
  private worker: Worker | undefined;
  private drainWaiters: (() => void)[] = [];

  constructor(
    private readonly database: LanternConfig["database"],
    private readonly retention: LanternConfig["retention"],
    private readonly onDigested: (rows: number) => void,
    /** Shared with ingest's connection in this process (SQLite). */
    private readonly writeGate?: WriteGate,
    /** config.storage.diskBudgetBytes, for the thread's housekeeping (null: no budget). */
    private readonly diskBudgetBytes: number | null = null,
    /** config.sourceMaps.cacheBytes, for the thread's parsed source maps. */
    private readonly sourceMapCacheBytes?: number,
    /** config.sourceMaps' retention of uploaded bundles, for the thread's housekeeping. */
    private readonly sourceMapRetention?: Pick<LanternConfig["sourceMaps"], "retentionDays" | "keepPerProject">,
    /** config.instances.leaseMs: the thread's housekeeping runs while this instance holds its lease. */
    private readonly housekeepingLeaseMs?: number,
    /** LANTERN_DIGEST_WORKERS. */
    private readonly digestWorkers = 1,
  ) {}

  start(): void {
    if (this.worker) return;
    const worker = new Worker(new URL("./digest-thread-entry.mjs", import.meta.url), {
      workerData: { database: this.database, retention: this.retention, writeGate: this.writeGate?.buffer, diskBudgetBytes: this.diskBudgetBytes, sourceMapCacheBytes: this.sourceMapCacheBytes, sourceMapRetention: this.sourceMapRetention, digestWorkers: this.digestWorkers, housekeepingLeaseMs: this.housekeepingLeaseMs } satisfies DigestThreadData,
      // V8's default young generation (about 34 MB here) would be mostly garbage between batches; a small one
      // keeps the thread near 60 MB instead of 100–130 MB at the same digest rate (docs/performance.md).
      resourceLimits: { maxYoungGenerationSizeMb: digestYoungGenerationMb },
    });
    worker.on("message", (message: FromThread) => {
      if (message.type === "digested") this.onDigested(message.rows);
      else for (const resolve of this.drainWaiters.splice(0)) resolve();
    });
    worker.on("error", (error) => console.error("lantern: the digest thread failed", error));
    this.worker = worker;
  }

  wake(): void {
    this.worker?.postMessage("wake");
  }

  drain(): Promise<void> {
    if (!this.worker) return Promise.resolve();
    const drained = new Promise<void>((resolve) => this.drainWaiters.push(resolve));
    this.worker.postMessage("drain");
    return drained;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    worker.postMessage("stop");
    await once(worker, "exit");
  }
}
