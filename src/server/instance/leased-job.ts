import type { LanternDatabase } from "../db/create-database";
import { instanceId } from "./instance-id";
import { releaseLease, takeLease } from "./take-lease";

export interface LeasedJobOptions {
  /** The lease's name: one instance at a time holds it. */
  name: string;
  everyMs: number;
  /** LANTERN_LEASE_SECONDS; the lease lasts at least three passes. */
  leaseMs: number;
  /** Cheap check before the lease is asked for; false skips the pass (no lease write where there is no work). */
  hasWork?: () => Promise<boolean>;
  run: () => Promise<void>;
  /** Work the passes started and did not wait for (uptime checks in flight): stop waits for it before giving the lease up. */
  drain?: () => Promise<void>;
}

/**
 * Runs a periodic job every `everyMs` on the one instance that holds its lease. Each pass takes or renews the
 * lease first, for the longer of LANTERN_LEASE_SECONDS and three passes: a holder that dies hands the job over
 * when its lease runs out. A pass that is still running when the next is due is not started twice.
 */
export class LeasedJob {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();
  private isRunning = false;
  private isHolding = false;
  private readonly holder = instanceId();

  constructor(
    private readonly database: LanternDatabase,
    private readonly options: LeasedJobOptions,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.options.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    await this.options.drain?.();
    if (!this.isHolding) return;
    this.isHolding = false;
    await releaseLease(this.database, { name: this.options.name, holder: this.holder }).catch(() => undefined);
  }

  private tick(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.current = this.pass().finally(() => (this.isRunning = false));
  }

  private async pass(): Promise<void> {
    const { name, everyMs, leaseMs, hasWork, run } = this.options;
    try {
      if (hasWork && !(await hasWork())) return;
      this.isHolding = await takeLease(this.database, { name, holder: this.holder, ttlMs: Math.max(leaseMs, 3 * everyMs) });
      if (!this.isHolding || !this.timer) return;
      await run();
    } catch (error) {
      console.error(`lantern: the ${name} job failed; trying again at the next pass`, error);
    }
  }
}
