import { sql, type Kysely } from "kysely";
import { uptimeIssueType } from "@/lib/issue-types";
import { uptimeReasonWords } from "@/lib/views/uptime";
import type { Dialect } from "../db/create-database";
import type { Database, UptimeMonitorRow } from "../db/schema";
import { generatedEventId, generatedIssueEvent, resolveGeneratedIssue, storeEvents } from "../issues/generated-issue-events";
import type { UptimeResult } from "./check-uptime-target";
import { hourMs } from "./read-uptime-stats";

export interface RecordedCheck {
  monitorId: number;
  /** The issue a downtime opened (or reopened) with this check. */
  openedIssueId: number | null;
  resolvedIssueId: number | null;
}

/** The issue of a monitor's downtime: one per monitor, reopened (a regression) by its next downtime. */
export function uptimeGroupBy(monitorId: number): string[] {
  return ["uptime", String(monitorId)];
}

/**
 * Stores one check and moves the monitor's state, in the caller's write transaction: the check row (unique
 * per monitor and scheduled time; a check already stored changes nothing and returns null), the hour's sums,
 * the streaks, and at the thresholds the episode: `downtime_threshold` failures in a row open an incident and
 * the "Downtime detected for <url>" issue (alert rules fire in this same transaction), `recovery_threshold`
 * successes close the incident and resolve the issue. The monitor's row is locked first on PostgreSQL, so two
 * checks of one monitor finishing together count their streak one after the other.
 */
export async function recordUptimeCheck(trx: Kysely<Database>, dialect: Dialect, monitorId: number, scheduledAt: number, checkedAt: number, result: UptimeResult): Promise<RecordedCheck | null> {
  let select = trx.selectFrom("uptime_monitors").selectAll().where("id", "=", monitorId);
  if (dialect === "postgres") select = select.forUpdate();
  const monitor = await select.executeTakeFirst();
  if (!monitor) return null;
  const inserted = await trx
    .insertInto("uptime_checks")
    .values({ monitor_id: monitorId, scheduled_at: scheduledAt, checked_at: checkedAt, status: result.status, reason: result.reason, http_status: result.httpStatus, duration_ms: result.durationMs })
    .onConflict((conflict) => conflict.columns(["monitor_id", "scheduled_at"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  const isFailure = result.status === "failure";
  await trx
    .insertInto("uptime_check_hours")
    .values({ monitor_id: monitorId, hour: scheduledAt - (scheduledAt % hourMs), checks: 1, failures: isFailure ? 1 : 0, duration_ms_sum: result.durationMs })
    .onConflict((conflict) =>
      conflict.columns(["monitor_id", "hour"]).doUpdateSet({
        checks: sql`uptime_check_hours.checks + 1`,
        failures: sql`uptime_check_hours.failures + excluded.failures`,
        duration_ms_sum: sql`uptime_check_hours.duration_ms_sum + excluded.duration_ms_sum`,
      }),
    )
    .execute();

  const failures = isFailure ? monitor.consecutive_failures + 1 : 0;
  const successes = isFailure ? 0 : monitor.consecutive_successes + 1;
  let uptimeStatus = monitor.uptime_status;
  const recorded: RecordedCheck = { monitorId, openedIssueId: null, resolvedIssueId: null };
  if (isFailure && uptimeStatus !== "failed" && failures >= monitor.downtime_threshold) {
    uptimeStatus = "failed";
    recorded.openedIssueId = await openDowntime(trx, dialect, monitor, failures, scheduledAt, checkedAt, result);
  } else if (!isFailure && uptimeStatus === "failed" && successes >= monitor.recovery_threshold) {
    uptimeStatus = "ok";
    await trx.updateTable("uptime_incidents").set({ resolved_at: scheduledAt }).where("monitor_id", "=", monitorId).where("resolved_at", "is", null).execute();
    recorded.resolvedIssueId = await resolveGeneratedIssue(trx, Number(monitor.project_id), uptimeGroupBy(monitorId), `${monitor.url} answered again`);
  }
  await trx
    .updateTable("uptime_monitors")
    .set({ consecutive_failures: failures, consecutive_successes: successes, uptime_status: uptimeStatus, last_check_at: Math.max(checkedAt, Number(monitor.last_check_at ?? 0)) })
    .where("id", "=", monitorId)
    .execute();
  return recorded;
}

async function openDowntime(trx: Kysely<Database>, dialect: Dialect, monitor: UptimeMonitorRow, failures: number, scheduledAt: number, checkedAt: number, result: UptimeResult): Promise<number | null> {
  const monitorId = Number(monitor.id);
  // The episode began at the first failure of the streak: the oldest of the last `failures` checks.
  const first = await trx.selectFrom("uptime_checks").select("scheduled_at").where("monitor_id", "=", monitorId).orderBy("scheduled_at", "desc").offset(failures - 1).limit(1).executeTakeFirst();
  const startedAt = first ? Number(first.scheduled_at) : scheduledAt;
  const incident = await trx.insertInto("uptime_incidents").values({ monitor_id: monitorId, started_at: startedAt, reason: result.reason }).returning("id").executeTakeFirstOrThrow();
  const reasonWords = result.reason ? uptimeReasonWords[result.reason] : "failed";
  const event = generatedIssueEvent({
    projectId: Number(monitor.project_id),
    eventId: generatedEventId("uptime", monitorId, startedAt),
    issueType: uptimeIssueType,
    groupBy: uptimeGroupBy(monitorId),
    title: `Downtime detected for ${monitor.url}`,
    message: `${monitor.url} failed ${failures} check${failures === 1 ? "" : "s"} in a row: ${reasonWords}${result.httpStatus === null ? "" : ` (HTTP ${result.httpStatus})`}.`,
    culprit: monitor.url,
    level: "error",
    timestampMs: checkedAt,
    receivedAt: checkedAt,
    environment: monitor.environment,
    release: null,
    traceId: null,
    tags: [
      ["uptime.url", monitor.url.slice(0, 200)],
      ["uptime.monitor_id", String(monitorId)],
      ["uptime.reason", result.reason ?? "unknown"],
    ],
    contexts: { uptime: { monitor_id: monitorId, name: monitor.name, url: monitor.url, method: monitor.method, interval_seconds: monitor.interval_seconds } },
    extra: { reason: result.reason, http_status: result.httpStatus, duration_ms: result.durationMs, consecutive_failures: failures, started_at: new Date(startedAt).toISOString() },
  });
  const [issueId] = await storeEvents(trx, dialect, [event]);
  if (issueId != null) await trx.updateTable("uptime_incidents").set({ issue_id: issueId }).where("id", "=", incident.id).execute();
  return issueId ?? null;
}
