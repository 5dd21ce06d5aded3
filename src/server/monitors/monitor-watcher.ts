import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { LeasedJob } from "../instance/leased-job";
import { wakeAlertSender } from "../alerts/alert-sender";
import { markOverdueCheckIns } from "./mark-overdue-check-ins";

/** How often deadlines are looked at: a missed or stuck job is reported at most this long after its deadline. */
export const monitorPassEveryMs = 10_000;

/**
 * Runs the cron scheduler (markOverdueCheckIns) every `everyMs` on the one instance holding the "monitors"
 * lease. Without any monitor a pass is one indexed read and no lease write. A pass that counted failures on
 * an issue wakes this process's alert sender.
 */
export function monitorWatcher(database: LanternDatabase, config: LanternConfig, everyMs = monitorPassEveryMs): LeasedJob {
  return new LeasedJob(database, {
    name: "monitors",
    everyMs,
    leaseMs: config.instances.leaseMs,
    hasWork: async () => (await database.db.selectFrom("monitors").select("id").limit(1).executeTakeFirst()) !== undefined,
    run: async () => {
      const outcome = await markOverdueCheckIns(database);
      if (outcome.issueEvents > 0) wakeAlertSender();
    },
  });
}
