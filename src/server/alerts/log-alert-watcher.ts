import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { instanceId } from "../instance/instance-id";
import { releaseLease, takeLease } from "../instance/take-lease";
import { wakeAlertSender } from "./alert-sender";
import { evaluateLogAlerts } from "./evaluate-log-alerts";

/** How often log alert rules are counted: a breach is noticed at most this long after it happened. */
export const logAlertEveryMs = 15_000;

/**
 * Runs evaluateLogAlerts every `everyMs` on the one instance that holds the "log-alerts" lease (the others
 * would count the same lines again; the conditional mark would still keep them from firing twice). Each pass
 * takes or renews the lease first, for LANTERN_LEASE_SECONDS (at least three passes): a holder that dies
 * hands the job over when its lease runs out. A pass that fired wakes this process's alert sender.
 */
export class LogAlertWatcher {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> = Promise.resolve();
  private isRunning = false;
  private isHolding = false;
  private readonly holder = instanceId();

  constructor(
    private readonly database: LanternDatabase,
    private readonly config: LanternConfig,
    private readonly everyMs = logAlertEveryMs,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    if (!this.isHolding) return;
    this.isHolding = false;
    await releaseLease(this.database, { name: "log-alerts", holder: this.holder }).catch(() => undefined);
  }

  private tick(): void {
    if (this.isRunning) return;
    this.isRunning = true;
    this.current = this.run().finally(() => (this.isRunning = false));
  }

  private async run(): Promise<void> {
    try {
      // No rule anywhere (most instances): one indexed read per pass, and no lease write.
      const anyRule = await this.database.db.selectFrom("log_alert_rules").select("id").limit(1).executeTakeFirst();
      if (!anyRule) return;
      this.isHolding = await takeLease(this.database, { name: "log-alerts", holder: this.holder, ttlMs: Math.max(this.config.instances.leaseMs, 3 * this.everyMs) });
      if (!this.isHolding || !this.timer) return;
      const outcomes = await evaluateLogAlerts(this.database, this.config);
      if (outcomes.some((outcome) => outcome.deliveries > 0)) wakeAlertSender();
    } catch (error) {
      console.error("lantern: evaluating log alerts failed; trying again at the next pass", error);
    }
  }
}
