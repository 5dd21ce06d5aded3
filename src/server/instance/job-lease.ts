import type { LanternDatabase } from "../db/create-database";
import { instanceId } from "./instance-id";
import { releaseLease, takeLease } from "./take-lease";

/**
 * Keeps asking for one periodic job's lease: the holder renews it every third of its lifetime, the others
 * try as often, so when the holder dies (kill -9, a lost machine) another instance holds the job at most
 * a third of a lifetime after the lease ran out. `isHeld` answers from memory and is true only while the
 * last renewal is less than two thirds of a lifetime old, so a holder whose event loop stalled stops
 * before another instance can have taken over.
 */
export class JobLease {
  private heldSince: number | null = null;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: LanternDatabase,
    readonly name: string,
    readonly ttlMs: number,
    readonly holder: string = instanceId(),
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(this.ttlMs / 3)));
    this.timer.unref();
    void this.renew();
  }

  /** Stops asking and gives the lease up if held. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    if (this.heldSince === null) return;
    this.heldSince = null;
    await releaseLease(this.database, { name: this.name, holder: this.holder }).catch(() => undefined);
  }

  /** Waits for the request in flight (the first, right after start), then answers like `isHeld`. */
  async isHeldNow(): Promise<boolean> {
    await this.current;
    return this.isHeld;
  }

  get isHeld(): boolean {
    return this.heldSince !== null && Date.now() - this.heldSince < (this.ttlMs * 2) / 3;
  }

  /** Asks now (also what the timer does); resolves to whether this instance holds the job. */
  renew(): Promise<boolean> {
    const asked = Date.now();
    const attempt = takeLease(this.database, { name: this.name, holder: this.holder, ttlMs: this.ttlMs }).then(
      (isTaken) => {
        this.heldSince = isTaken ? asked : null;
        return isTaken;
      },
      (error: unknown) => {
        console.error(`lantern: could not renew the ${this.name} lease`, error);
        return this.isHeld;
      },
    );
    this.current = attempt.then(() => undefined);
    return attempt;
  }
}
