import type { UptimeMethod } from "@/lib/views/uptime";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import type { UptimeMonitorRow } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { checkUptimeTarget, type UptimeResult } from "./check-uptime-target";
import { recordUptimeCheck, type RecordedCheck } from "./record-uptime-check";

export interface UptimeCheckerOptions {
  /** Checks in flight at once, across passes. */
  maxConcurrent?: number;
  /** Monitors one pass claims at most (also bounded by the free places). */
  batchSize?: number;
  /** Finished checks wait this long for others to be recorded with them in one write transaction. */
  recordWindowMs?: number;
}

interface PendingRecord {
  monitorId: number;
  scheduledAt: number;
  checkedAt: number;
  result: UptimeResult;
  resolve: (recorded: RecordedCheck | null) => void;
}

export interface ClaimedCheck {
  monitor: UptimeMonitorRow;
  scheduledAt: number;
}

/**
 * Runs the uptime checks that are due: `checkDue(now)` claims due monitors (the `next_check_at` index, oldest
 * first, at most as many as there are free places), checks them side by side and records each check as soon as
 * it ends, so a slow target holds up nothing but itself; checks that end within `recordWindowMs` of each other
 * share one short write transaction (at 1,000 monitors a minute, a few transactions a second instead of 17). A claim moves
 * `next_check_at` to the next slot with a conditional update (`where next_check_at = <the value read>`): when
 * two instances read the same due monitor, one update wins and only that instance checks it; the check row's
 * unique (monitor, scheduled time) is the second guard.
 */
export class UptimeChecker {
  private inFlight = 0;
  private readonly maxConcurrent: number;
  private readonly batchSize: number;
  private readonly recordWindowMs: number;
  private pending: PendingRecord[] = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private nextCheckpointAt = 0;

  constructor(
    private readonly database: LanternDatabase,
    private readonly config: LanternConfig,
    options: UptimeCheckerOptions = {},
  ) {
    this.maxConcurrent = options.maxConcurrent ?? 100;
    this.batchSize = options.batchSize ?? 500;
    this.recordWindowMs = options.recordWindowMs ?? 250;
  }

  /** Checks currently running. */
  get running(): number {
    return this.inFlight;
  }

  /**
   * Claims and starts the due checks; resolves once the claim is done with `finished`, which resolves when
   * every claimed check is recorded (tests and shutdown wait for it; the watcher does not).
   */
  async claimDue(now: number): Promise<{ claimed: number; finished: Promise<(RecordedCheck | null)[]> }> {
    const places = Math.min(this.batchSize, this.maxConcurrent - this.inFlight);
    if (places <= 0) return { claimed: 0, finished: Promise.resolve([]) };
    const claims = await claimDueChecks(this.database, now, places);
    this.inFlight += claims.length;
    const finished = Promise.all(claims.map((claim) => this.runOne(claim).finally(() => (this.inFlight -= 1))));
    return { claimed: claims.length, finished };
  }

  /** One pass, waited for: claims what is due at `now` and returns each recorded check. */
  async checkDue(now: number): Promise<(RecordedCheck | null)[]> {
    const { finished } = await this.claimDue(now);
    return finished;
  }

  private async runOne({ monitor, scheduledAt }: ClaimedCheck): Promise<RecordedCheck | null> {
    const checkedAt = Math.max(Date.now(), scheduledAt);
    let result: UptimeResult;
    try {
      result = await checkUptimeTarget(
        {
          url: monitor.url,
          method: monitor.method as UptimeMethod,
          headers: JSON.parse(monitor.headers) as [string, string][],
          body: monitor.body,
          timeoutMs: monitor.timeout_ms,
          expectedStatusMin: monitor.expected_status_min,
          expectedStatusMax: monitor.expected_status_max,
        },
        this.config.alerts.allowPrivateTargets,
      );
    } catch (error) {
      console.error(`lantern: uptime check of monitor ${monitor.id} failed unexpectedly`, error);
      result = { status: "failure", reason: "connect", httpStatus: null, durationMs: 0 };
    }
    return new Promise((resolve) => {
      this.pending.push({ monitorId: Number(monitor.id), scheduledAt, checkedAt, result, resolve });
      this.flushTimer ??= setTimeout(() => void this.flush(), this.recordWindowMs);
    });
  }

  /**
   * Under `lantern start` this connection never checkpoints by itself (wal_autocheckpoint = 0) and digest
   * checkpoints only after digesting: on an instance that receives no events, the checks alone would grow the
   * WAL without end, and the first digest after a quiet hour would copy all of it while ingest waits. A passive
   * checkpoint every 5 s, outside the write gate, keeps it to a few seconds of checks (nothing on PostgreSQL).
   */
  private checkpoint(): void {
    if (this.database.dialect !== "sqlite" || Date.now() < this.nextCheckpointAt) return;
    this.nextCheckpointAt = Date.now() + 5_000;
    this.database.checkpointWal();
  }

  /** Records the finished checks in one write transaction; if that fails, each alone, so one bad row loses only itself. */
  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const batch = this.pending;
    this.pending = [];
    const record = (trx: Parameters<Parameters<typeof writeTransaction>[1]>[0], item: PendingRecord) => recordUptimeCheck(trx, this.database.dialect, item.monitorId, item.scheduledAt, item.checkedAt, item.result);
    try {
      const recorded = await writeTransaction(this.database, async (trx) => {
        const done: (RecordedCheck | null)[] = [];
        for (const item of batch) done.push(await record(trx, item));
        return done;
      });
      batch.forEach((item, index) => item.resolve(recorded[index] ?? null));
      this.checkpoint();
    } catch {
      for (const item of batch) {
        try {
          item.resolve(await writeTransaction(this.database, (trx) => record(trx, item)));
        } catch (error) {
          console.error(`lantern: recording the uptime check of monitor ${item.monitorId} failed`, error);
          item.resolve(null);
        }
      }
    }
  }
}

/** The slot after `scheduledAt` that is still ahead of `now`: slots missed while no instance ran are skipped, not made up. */
export function nextSlot(scheduledAt: number, intervalSeconds: number, now: number): number {
  const interval = intervalSeconds * 1000;
  const missed = Math.max(0, Math.floor((now - scheduledAt) / interval));
  return scheduledAt + (missed + 1) * interval;
}

async function claimDueChecks(database: LanternDatabase, now: number, limit: number): Promise<ClaimedCheck[]> {
  const due = await database.db.selectFrom("uptime_monitors").selectAll().where("next_check_at", "<=", now).where("status", "=", "active").orderBy("next_check_at").limit(limit).execute();
  if (due.length === 0) return [];
  return writeTransaction(database, async (trx) => {
    const claimed: ClaimedCheck[] = [];
    for (const monitor of due) {
      const scheduledAt = Number(monitor.next_check_at);
      const moved = await trx
        .updateTable("uptime_monitors")
        .set({ next_check_at: nextSlot(scheduledAt, monitor.interval_seconds, now) })
        .where("id", "=", monitor.id)
        .where("next_check_at", "=", scheduledAt)
        .where("status", "=", "active")
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) claimed.push({ monitor, scheduledAt });
    }
    return claimed;
  });
}
