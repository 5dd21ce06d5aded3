import type { Kysely } from "kysely";
import type { Dialect } from "../db/create-database";
import type { Database, MonitorEnvironmentRow, MonitorRow } from "../db/schema";
import { generatedEventId, generatedIssueEvent, resolveGeneratedIssue, storeEvents } from "../issues/generated-issue-events";
import { cronIssueType } from "@/lib/issue-types";
import { describeSchedule } from "@/lib/monitor-schedule";
import { maxRuntimeMs, scheduleOf } from "./monitor-config";

export type FailureReason = "missed" | "timeout" | "error";

/** The failed check-in a failure is counted for. */
export interface FailedCheckIn {
  id: number;
  checkInId: string;
  expectedTime: number | null;
  traceId: string | null;
  release: string | null;
}

/** One issue per monitor and environment: its failures are its events. */
export function cronIssueGroup(monitorId: number, environment: string): string[] {
  return ["cron", String(monitorId), environment];
}

/**
 * Counts a failed check-in (missed, timed out, or an error the job reported) against its monitor in its
 * environment. Once the failures in a row reach the monitor's failure threshold an incident is open, and each
 * failure from then on is an event of the monitor's cron issue: the first opens (or reopens) it, so the rules
 * on new and regressed issues fire once per incident. A muted monitor counts but opens nothing.
 * Returns the issue id the failure was counted on, if any.
 */
export async function recordMonitorFailure(trx: Kysely<Database>, dialect: Dialect, monitor: MonitorRow, environment: MonitorEnvironmentRow, checkIn: FailedCheckIn, reason: FailureReason, now: number): Promise<number | null> {
  const failures = environment.failures + 1;
  const isIncident = failures >= monitor.failure_issue_threshold;
  const incidentStartedAt = isIncident ? (environment.incident_started_at ?? now) : environment.incident_started_at;
  await trx
    .updateTable("monitor_environments")
    .set({ status: "error", failures, recoveries: 0, incident_started_at: incidentStartedAt })
    .where("id", "=", environment.id)
    .execute();
  Object.assign(environment, { status: "error", failures, recoveries: 0, incident_started_at: incidentStartedAt });
  if (!isIncident || monitor.is_muted || environment.is_muted) return null;
  const event = generatedIssueEvent({
    projectId: monitor.project_id,
    eventId: generatedEventId("cron-failure", environment.id, checkIn.checkInId, reason),
    issueType: cronIssueType,
    groupBy: cronIssueGroup(monitor.id, environment.environment),
    title: `Cron failure: ${monitor.name}`,
    message: failureMessage(monitor, reason, checkIn.expectedTime),
    culprit: monitor.slug,
    level: "error",
    timestampMs: now,
    receivedAt: now,
    environment: environment.environment,
    release: checkIn.release,
    traceId: checkIn.traceId,
    tags: [
      ["monitor.slug", monitor.slug],
      ["monitor.id", String(monitor.id)],
      ["monitor.incident", reason],
    ],
    contexts: {
      monitor: {
        id: monitor.id,
        slug: monitor.slug,
        name: monitor.name,
        schedule: describeSchedule(scheduleOf(monitor)),
        failure_issue_threshold: monitor.failure_issue_threshold,
        recovery_threshold: monitor.recovery_threshold,
      },
    },
    extra: { "Check-in": checkIn.checkInId, Reason: reason, ...(checkIn.expectedTime ? { "Expected at": new Date(checkIn.expectedTime).toISOString() } : {}) },
  });
  const [issueId] = await storeEvents(trx, dialect, [event]);
  if (issueId) await trx.updateTable("monitor_checkins").set({ issue_id: issueId }).where("id", "=", checkIn.id).execute();
  return issueId ?? null;
}

/**
 * Counts an ok check-in: outside an incident it clears the failures; inside one, the incident ends and the
 * cron issue resolves itself once the ok check-ins in a row reach the monitor's recovery threshold.
 */
export async function recordMonitorSuccess(trx: Kysely<Database>, monitor: MonitorRow, environment: MonitorEnvironmentRow): Promise<void> {
  const isRecovering = environment.incident_started_at !== null;
  const recoveries = isRecovering ? environment.recoveries + 1 : 0;
  const isRecovered = isRecovering && recoveries >= monitor.recovery_threshold;
  const state = isRecovering && !isRecovered
    ? { status: "error", failures: environment.failures, recoveries, incident_started_at: environment.incident_started_at }
    : { status: "ok", failures: 0, recoveries: 0, incident_started_at: null };
  await trx.updateTable("monitor_environments").set(state).where("id", "=", environment.id).execute();
  Object.assign(environment, state);
  if (isRecovered) await resolveGeneratedIssue(trx, monitor.project_id, cronIssueGroup(monitor.id, environment.environment), `${monitor.name} checked in ok ${recoveries} time${recoveries === 1 ? "" : "s"} in a row`);
}

function failureMessage(monitor: MonitorRow, reason: FailureReason, expectedTime: number | null): string {
  if (reason === "missed") return `No check-in was received for ${monitor.slug} by ${expectedTime ? new Date(expectedTime).toISOString() : "its expected time"} (plus its margin).`;
  if (reason === "timeout") return `A check-in of ${monitor.slug} stayed in progress longer than its maximum runtime of ${maxRuntimeMs(monitor) / 60_000} minutes.`;
  return `${monitor.slug} reported an error check-in.`;
}
