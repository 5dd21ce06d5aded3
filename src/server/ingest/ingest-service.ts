import { sql } from "kysely";
import { getConfig, type LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { createDatabase } from "../db/create-database";
import { migrateToLatest } from "../db/migrate";
import type { WriteGate } from "../db/write-gate";
import { DigestWorker } from "../digest/digest-worker";
import { AlertSender } from "../alerts/alert-sender";
import { logAlertWatcher } from "../alerts/log-alert-watcher";
import type { LeasedJob } from "../instance/leased-job";
import { monitorWatcher } from "../monitors/monitor-watcher";
import { uptimeWatcher } from "../uptime/uptime-watcher";
import { IntakeWriter } from "../intake/intake-writer";
import { freeSpaceGuardFor, type FreeSpaceGuard, type FreeSpaceProbe } from "../storage/disk-free-space";
import { KeyCache } from "./key-cache";
import { RateLimiter, type KeyRateLimiter } from "./rate-limiter";
import { SharedRateLimiter } from "./shared-rate-limiter";

/**
 * Everything ingest keeps between requests: the key cache, the rate-limit windows, the group-commit
 * writer, the backlog count and the digest worker. One per process.
 */
/** Runs digest: in this thread (DigestWorker) or, under `lantern start`, in a worker thread of its own. */
export interface Digester {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
  /** Digests until nothing waits (tests, benchmarks). */
  drain(): Promise<void>;
}

export interface IngestService {
  database: LanternDatabase;
  config: LanternConfig;
  keys: KeyCache;
  /** Per process on SQLite; in the database on PostgreSQL, shared by every instance. */
  limiter: KeyRateLimiter;
  writer: IntakeWriter;
  digest: Digester;
  /** Delivers the alerts digest decided (started with digest). */
  alerts: AlertSender;
  /** Counts log alert rules' lines every 15 s and fires them (started with digest). */
  logAlerts: LeasedJob;
  /** Marks cron check-ins missed and timed out every 10 s (started with digest). */
  monitors: LeasedJob;
  /** Runs due uptime checks every 2 s on the instance holding the "uptime" lease (started with digest). */
  uptime: LeasedJob;
  /** Envelopes committed but not yet digested, as this process knows it. */
  backlog(): number;
  /** The database volume's free-space floor (SQLite); null when Lantern cannot see the disk (PostgreSQL). */
  freeSpace: FreeSpaceGuard | null;
}

interface ServiceOptions {
  /** Start the digest worker (tests that look at the intake before digest turn it off). */
  isDigesting?: boolean;
  /** Digest elsewhere than on this thread; `onDigested` keeps the backlog count true. */
  createDigester?: (onDigested: (rows: number) => void) => Digester;
  /** Shared with the digest thread (SQLite), so ingest's commits take turns with digest's. */
  writeGate?: WriteGate;
  /** Reads the database volume's free space instead of statfs (tests of the floor). */
  freeSpaceProbe?: FreeSpaceProbe;
}

export async function createIngestService(database: LanternDatabase, config: LanternConfig, options: ServiceOptions = {}): Promise<IngestService> {
  const pending = await database.db
    .selectFrom("intake")
    .select(sql<number>`count(*)`.as("n"))
    .where("digested_at", "is", null)
    .executeTakeFirstOrThrow();
  let backlog = Number(pending.n);
  const alerts = new AlertSender(database, config);
  const logAlerts = logAlertWatcher(database, config);
  const monitors = monitorWatcher(database, config);
  const uptime = uptimeWatcher(database, config);
  const onDigested = (rows: number) => {
    backlog = Math.max(0, backlog - rows);
    // The batch may have committed alerts: send them now rather than at the next poll.
    alerts.wake();
  };
  const digest = options.createDigester ? options.createDigester(onDigested) : new DigestWorker(database, { onDigested, retention: config.retention, diskBudgetBytes: config.storage.diskBudgetBytes, sourceMapCacheBytes: config.sourceMaps.cacheBytes, sourceMapRetention: config.sourceMaps, housekeepingLeaseMs: config.instances.leaseMs });
  const writer = new IntakeWriter(database, (rows) => {
    backlog += rows;
    digest.wake();
  });
  if (options.isDigesting !== false) {
    digest.start();
    alerts.start();
    logAlerts.start();
    monitors.start();
    uptime.start();
  }
  return {
    database,
    config,
    keys: new KeyCache(database.db, config.ingest.keyCacheSeconds),
    limiter: database.dialect === "postgres" ? new SharedRateLimiter(database.db) : new RateLimiter(),
    writer,
    digest,
    alerts,
    logAlerts,
    monitors,
    uptime,
    backlog: () => backlog,
    freeSpace: await freeSpaceGuardFor(database, config.storage.minFreeDiskBytes, options.freeSpaceProbe),
  };
}

const holder = globalThis as typeof globalThis & { lanternIngestService?: Promise<IngestService> };

/**
 * The process's ingest service. Kept on globalThis because the plain Node server in front of Next and
 * Next's own route handlers are separate module instances in one process; they must share one writer,
 * one cache and one digest worker.
 */
export function getIngestService(options: ServiceOptions = {}): Promise<IngestService> {
  holder.lanternIngestService ??= (async () => {
    const config = getConfig();
    const database = createDatabase(config.database, {
      walCheckpoints: options.createDigester ? "manual" : "automatic",
      ...(options.writeGate ? { writeGate: options.writeGate } : {}),
    });
    await migrateToLatest(database.db);
    return createIngestService(database, config, options);
  })();
  return holder.lanternIngestService;
}
