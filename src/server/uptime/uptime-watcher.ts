import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { wakeAlertSender } from "../alerts/alert-sender";
import { instanceId } from "../instance/instance-id";
import { releaseLease, takeLease } from "../instance/take-lease";
import { pruneUptimeChecks } from "./prune-uptime-checks";
import { UptimeChecker, type UptimeCheckerOptions } from "./run-uptime-checks";

/** How often due checks are looked for: a check starts at most this long after its time. */
export const uptimeEveryMs = 2_000;
const pruneEveryMs = 3_600_000;

/**
 * Runs uptime checks on the one instance that holds the "uptime" lease: every `everyMs` a pass takes or renews
 * the lease, then claims the due monitors and starts their checks without waiting for them (a check ends by
 * its own timeout and records itself), so one slow target never delays the others' next pass. Checks that
 * open a downtime issue wake this process's alert sender. Once an hour the holder prunes old checks.
 */
export class UptimeWatcher {
  private timer: NodeJS.Timeout | undefined;
  private isClaiming = false;
  private isHolding = false;
  private current: Promise<void> = Promise.resolve();
  private readonly pending = new Set<Promise<unknown>>();
  private readonly holder = instanceId();
  private readonly checker: UptimeChecker;
  private nextPruneAt = 0;

  constructor(
    private readonly database: LanternDatabase,
    private readonly config: LanternConfig,
    private readonly everyMs = uptimeEveryMs,
    options: UptimeCheckerOptions = {},
  ) {
    this.checker = new UptimeChecker(database, config, options);
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.current;
    await Promise.allSettled([...this.pending]);
    if (!this.isHolding) return;
    this.isHolding = false;
    await releaseLease(this.database, { name: "uptime", holder: this.holder }).catch(() => undefined);
  }

  private tick(): void {
    if (this.isClaiming) return;
    this.isClaiming = true;
    this.current = this.run().finally(() => (this.isClaiming = false));
  }

  private async run(): Promise<void> {
    try {
      // No monitor anywhere (most instances): one indexed read per pass, and no lease write.
      const any = await this.database.db.selectFrom("uptime_monitors").select("id").where("next_check_at", "is not", null).limit(1).executeTakeFirst();
      if (!any) return;
      this.isHolding = await takeLease(this.database, { name: "uptime", holder: this.holder, ttlMs: Math.max(this.config.instances.leaseMs, 3 * this.everyMs) });
      if (!this.isHolding || !this.timer) return;
      const { finished } = await this.checker.claimDue(Date.now());
      const tracked = finished.then((checks) => {
        if (checks.some((check) => check?.openedIssueId != null)) wakeAlertSender();
      });
      this.pending.add(tracked);
      void tracked.finally(() => this.pending.delete(tracked));
      if (Date.now() >= this.nextPruneAt) {
        this.nextPruneAt = Date.now() + pruneEveryMs;
        await pruneUptimeChecks(this.database, this.config.uptime.checkRetentionDays);
      }
    } catch (error) {
      console.error("lantern: running uptime checks failed; trying again at the next pass", error);
    }
  }
}
