import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { wakeAlertSender } from "../alerts/alert-sender";
import { LeasedJob } from "../instance/leased-job";
import { pruneUptimeChecks } from "./prune-uptime-checks";
import { UptimeChecker, type UptimeCheckerOptions } from "./run-uptime-checks";

/** How often due checks are looked for: a check starts at most this long after its time. */
export const uptimeEveryMs = 2_000;
const pruneEveryMs = 3_600_000;

/**
 * Runs uptime checks on the one instance that holds the "uptime" lease: every `everyMs` a pass claims the due
 * monitors and starts their checks without waiting for them (a check ends by its own timeout and records
 * itself), so one slow target never delays the others' next pass. Checks that open a downtime issue wake this
 * process's alert sender. Once an hour the holder prunes old checks. Without any monitor to check a pass is one
 * indexed read and no lease write.
 */
export function uptimeWatcher(database: LanternDatabase, config: LanternConfig, everyMs = uptimeEveryMs, options: UptimeCheckerOptions = {}): LeasedJob {
  const checker = new UptimeChecker(database, config, options);
  const pending = new Set<Promise<unknown>>();
  let nextPruneAt = 0;
  return new LeasedJob(database, {
    name: "uptime",
    everyMs,
    leaseMs: config.instances.leaseMs,
    hasWork: async () => (await database.db.selectFrom("uptime_monitors").select("id").where("next_check_at", "is not", null).limit(1).executeTakeFirst()) !== undefined,
    run: async () => {
      const { finished } = await checker.claimDue(Date.now());
      const tracked = finished.then((checks) => {
        if (checks.some((check) => check?.openedIssueId != null)) wakeAlertSender();
      });
      pending.add(tracked);
      void tracked.finally(() => pending.delete(tracked));
      if (Date.now() >= nextPruneAt) {
        nextPruneAt = Date.now() + pruneEveryMs;
        await pruneUptimeChecks(database, config.uptime.checkRetentionDays);
      }
    },
    drain: async () => void (await Promise.allSettled([...pending])),
  });
}
