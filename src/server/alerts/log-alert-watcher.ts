import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { LeasedJob } from "../instance/leased-job";
import { wakeAlertSender } from "./alert-sender";
import { evaluateLogAlerts } from "./evaluate-log-alerts";

/** How often log alert rules are counted: a breach is noticed at most this long after it happened. */
export const logAlertEveryMs = 15_000;

/**
 * Runs evaluateLogAlerts every `everyMs` on the one instance that holds the "log-alerts" lease (the others
 * would count the same lines again; the conditional mark would still keep them from firing twice). With no
 * rule anywhere (most instances) a pass is one indexed read and no lease write. A pass that fired wakes this
 * process's alert sender.
 */
export function logAlertWatcher(database: LanternDatabase, config: LanternConfig, everyMs = logAlertEveryMs): LeasedJob {
  return new LeasedJob(database, {
    name: "log-alerts",
    everyMs,
    leaseMs: config.instances.leaseMs,
    hasWork: async () => (await database.db.selectFrom("log_alert_rules").select("id").limit(1).executeTakeFirst()) !== undefined,
    run: async () => {
      const outcomes = await evaluateLogAlerts(database, config);
      if (outcomes.some((outcome) => outcome.deliveries > 0)) wakeAlertSender();
    },
  });
}
