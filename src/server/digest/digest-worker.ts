import type { LanternConfig } from "../config";
import { walSizeLimitBytes, type LanternDatabase } from "../db/create-database";
import { pruneEvents } from "../issues/prune-events";
import { wakeExpiredIgnores } from "../issues/wake-expired-ignores";
import { pruneToDiskBudget } from "../storage/budget-prune-oldest";
import { pruneSourceMapsToDiskBudget } from "../storage/budget-prune-source-maps";
import { vacuumFreePages } from "../storage/vacuum-free-pages";
import { digestBatch } from "./digest-batch";
import type { DigestPool } from "./digest-pool";
import { pruneRawEnvelopes } from "../storage/raw-prune-envelopes";
import { pruneStoredItems } from "../storage/stored-items-prune";
import { pruneSpans, pruneSpansToDiskBudget } from "../spans/prune-spans";
import { pruneLogs, pruneLogsToDiskBudget } from "../logs/prune-logs";
import { pruneReplays, pruneReplaysToDiskShare } from "../replays/prune-replays";
import { processSourceMapCache } from "../sourcemaps/source-map-cache";
import { pruneArtifactBundles } from "../sourcemaps/prune-artifact-bundles";
import { pruneAlertHistory } from "../alerts/prune-alert-history";
import { pruneCheckIns } from "../monitors/prune-check-ins";
import { JobLease } from "../instance/job-lease";

const housekeepingEveryMs = 10 * 60_000;

interface WorkerOptions {
  onDigested?: (rows: number) => void;
  batchSize?: number;
  /** Look for work this often even when not woken (other instances' envelopes, restarts). */
  pollMs?: number;
  /** When given, the worker also applies retention and wakes expired ignores, every 10 minutes. */
  retention?: LanternConfig["retention"];
  /** Checkpoint the WAL this often, between batches (a connection opened with `walCheckpoints: "manual"`). */
  checkpointEveryMs?: number;
  /** Past this database size housekeeping prunes the oldest events (config.storage; absent or null: no budget). */
  diskBudgetBytes?: number | null;
  /** config.sourceMaps.cacheBytes: memory for parsed source maps in this process (default 128 MB). */
  sourceMapCacheBytes?: number;
  /** config.sourceMaps' retention of uploaded bundles, for housekeeping (absent: bundles are not pruned). */
  sourceMapRetention?: Pick<LanternConfig["sourceMaps"], "retentionDays" | "keepPerProject">;
  /** config.instances.leaseMs: housekeeping runs only on the instance holding the "housekeeping" lease. */
  housekeepingLeaseMs?: number;
  /** Threads that share the CPU steps (LANTERN_DIGEST_WORKERS above 1); a batch is then batchSize per thread. */
  pool?: DigestPool;
}

/**
 * Runs digest in this process, moments after ingest commits: woken by every commit, batch after batch
 * until the intake is empty, and on a timer so that work left by a crash or by another instance is found.
 */
export class DigestWorker {
  private isRunning = false;
  private isWoken = false;
  private timer: NodeJS.Timeout | undefined;
  private nextHousekeepingAt = 0;
  private nextCheckpointAt = 0;
  private current: Promise<void> = Promise.resolve();
  private readonly housekeepingLease: JobLease | undefined;

  constructor(
    private readonly database: LanternDatabase,
    private readonly options: WorkerOptions = {},
  ) {
    if (options.retention && options.housekeepingLeaseMs) this.housekeepingLease = new JobLease(database, "housekeeping", options.housekeepingLeaseMs);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 1000);
    this.timer.unref();
    this.housekeepingLease?.start();
    this.wake();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    await this.housekeepingLease?.stop();
  }

  /** Runs digest soon, unless the worker was never started (tests that look at the intake before digest). */
  wake(): void {
    if (!this.timer) return;
    this.isWoken = true;
    if (this.isRunning) return;
    this.isRunning = true;
    this.current = this.run().finally(() => (this.isRunning = false));
  }

  /** Digests until nothing waits (tests, shutdown). */
  async drain(): Promise<void> {
    await this.current;
    while ((await this.runBatch()) > 0);
  }

  private async run(): Promise<void> {
    while (this.isWoken) {
      this.isWoken = false;
      try {
        while ((await this.runBatch()) > 0) this.isWoken = false;
        await this.runHousekeeping();
      } catch (error) {
        console.error("lantern: digest failed; retrying on the next wake", error);
        return;
      }
    }
  }

  /** Retention and ignore expiry: a bounded amount of work, done between batches so writes never overlap. */
  private async runHousekeeping(): Promise<void> {
    const { retention } = this.options;
    if (!retention || Date.now() < this.nextHousekeepingAt) return;
    // Several instances on one database: one of them prunes and vacuums (the others would repeat its work).
    if (this.housekeepingLease && !(await this.housekeepingLease.isHeldNow())) return;
    this.nextHousekeepingAt = Date.now() + housekeepingEveryMs;
    await pruneEvents(this.database, retention);
    await wakeExpiredIgnores(this.database);
    await pruneRawEnvelopes(this.database, retention);
    await pruneStoredItems(this.database, retention);
    await pruneSpans(this.database, retention.spanDays);
    await pruneLogs(this.database, retention.logDays);
    await pruneReplays(this.database, retention.replayDays);
    await pruneAlertHistory(this.database);
    await pruneCheckIns(this.database);
    if (this.options.sourceMapRetention) {
      await pruneArtifactBundles(this.database, this.options.sourceMapRetention);
      await pruneSourceMapsToDiskBudget(this.database, this.options.diskBudgetBytes ?? null, this.options.sourceMapRetention);
    }
    await pruneReplaysToDiskShare(this.database, this.options.diskBudgetBytes ?? null, retention.replayDiskSharePercent);
    await pruneLogsToDiskBudget(this.database, this.options.diskBudgetBytes ?? null);
    await pruneSpansToDiskBudget(this.database, this.options.diskBudgetBytes ?? null);
    await pruneToDiskBudget(this.database, this.options.diskBudgetBytes ?? null);
    // Last: gives the filesystem back what the steps above freed (SQLite; bounded steps, the gate between).
    await vacuumFreePages(this.database);
  }

  private async runBatch(): Promise<number> {
    const { pool } = this.options;
    const rows = await digestBatch(this.database, (this.options.batchSize ?? 200) * (pool?.size ?? 1), {
      rawHours: this.options.retention?.rawHours,
      sourceMaps: processSourceMapCache(this.options.sourceMapCacheBytes),
      ...(pool ? { digestWith: (intake) => pool.digest(intake) } : {}),
    });
    if (rows > 0) this.options.onDigested?.(rows);
    const { checkpointEveryMs } = this.options;
    if (rows > 0 && checkpointEveryMs !== undefined && Date.now() >= this.nextCheckpointAt) {
      this.nextCheckpointAt = Date.now() + checkpointEveryMs;
      await this.checkpoint();
    }
    return rows;
  }

  /**
   * A passive checkpoint copies only what was committed before it began, and the WAL starts over only once
   * all of it is copied. Under steady writes ingest always commits something meanwhile, so the WAL would
   * grow without bound (over 1 GB in one benchmark) and each write land ever further into the file. Past
   * a size, the pages written during the first pass (a few) are copied holding the write gate, so the
   * next commit finds the WAL fully copied and starts it over.
   */
  private async checkpoint(): Promise<void> {
    const { database } = this;
    const { walBytes } = database.checkpointWal();
    if (walBytes >= walSizeLimitBytes && database.writeGate) await database.writeGate.hold(async () => database.checkpointWal());
  }
}
