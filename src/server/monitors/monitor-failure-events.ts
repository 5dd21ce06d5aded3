import type { Kysely } from "kysely";
import type { Dialect } from "../db/create-database";
import type { Database, MonitorEnvironmentRow, MonitorRow } from "../db/schema";
import { generatedEventId, generatedIssueEvent, resolveGeneratedIssue, storeEvents, type GeneratedEvent } from "../issues/generated-issue-events";
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

/** A failure to store as an event of its monitor's cron issue, and the check-in row that gets the issue's id. */
export interface PendingFailure {
  event: GeneratedEvent;
  checkInRowId: number;
}

/** One issue per monitor and environment: its failures are its events. */
export function cronIssueGroup(monitorId: number, environment: string): string[] {
  return ["cron", String(monitorId), environment];
}

/**
 * Counts a failed check-in (missed, timed out, or an error the job reported) against its monitor in its
 * environment, in memory (the caller writes the environment once). Once the failures in a row reach the
 * monitor's failure threshold an incident is open, and each failure from then on is an event of the monitor's
 * cron issue: the first opens (or reopens) it, so the rules on new and regressed issues fire once per incident.
 * A muted monitor counts but opens nothing. Returns the event to store, if any.
 */
export function countFailure(monitor: MonitorRow, environment: MonitorEnvironmentRow, checkIn: FailedCheckIn, reason: FailureReason, now: number): PendingFailure | null {
  const failures = environment.failures + 1;
  const isIncident = failures >= monitor.failure_issue_threshold;
  Object.assign(environment, { status: "error", failures, recoveries: 0, incident_started_at: isIncident ? (environment.incident_started_at ?? now) : environment.incident_started_at });
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
  return { event, checkInRowId: checkIn.id };
}

/**
 * Counts an ok check-in, in memory: outside an incident it clears the failures; inside one, the incident ends
 * once the ok check-ins in a row reach the monitor's recovery threshold. Returns whether it ended now (the
 * caller resolves the cron issue with resolveCronIssue, after storing the failures counted before).
 */
export function countSuccess(monitor: MonitorRow, environment: MonitorEnvironmentRow): boolean {
  const isRecovering = environment.incident_started_at !== null;
  const recoveries = isRecovering ? environment.recoveries + 1 : 0;
  const isRecovered = isRecovering && recoveries >= monitor.recovery_threshold;
  if (isRecovering && !isRecovered) Object.assign(environment, { status: "error", recoveries });
  else Object.assign(environment, { status: "ok", failures: 0, recoveries: 0, incident_started_at: null });
  return isRecovered;
}

export async function resolveCronIssue(trx: Kysely<Database>, monitor: MonitorRow, environment: MonitorEnvironmentRow): Promise<void> {
  const times = monitor.recovery_threshold;
  await resolveGeneratedIssue(trx, monitor.project_id, cronIssueGroup(monitor.id, environment.environment), `${monitor.name} checked in ok ${times} time${times === 1 ? "" : "s"} in a row`);
}

/** Writes what the counting changed on an environment. */
export async function saveEnvironmentState(trx: Kysely<Database>, environment: MonitorEnvironmentRow): Promise<void> {
  const { status, failures, recoveries, incident_started_at, last_checkin_at, next_checkin_at, next_checkin_latest } = environment;
  await trx.updateTable("monitor_environments").set({ status, failures, recoveries, incident_started_at, last_checkin_at, next_checkin_at, next_checkin_latest }).where("id", "=", environment.id).execute();
}

/** Stores failures as events of their cron issues (one pass of issue assignment for all), and links each check-in to its issue. Returns how many were stored. */
export async function storeFailures(trx: Kysely<Database>, dialect: Dialect, failures: PendingFailure[]): Promise<number> {
  if (failures.length === 0) return 0;
  const issueIds = await storeEvents(trx, dialect, failures.map((failure) => failure.event));
  const checkInsByIssue = new Map<number, number[]>();
  failures.forEach((failure, index) => {
    const issueId = issueIds[index];
    if (issueId) checkInsByIssue.set(issueId, [...(checkInsByIssue.get(issueId) ?? []), failure.checkInRowId]);
  });
  for (const [issueId, checkInIds] of checkInsByIssue) await trx.updateTable("monitor_checkins").set({ issue_id: issueId }).where("id", "in", checkInIds).execute();
  return issueIds.filter((issueId) => issueId !== null).length;
}

function failureMessage(monitor: MonitorRow, reason: FailureReason, expectedTime: number | null): string {
  if (reason === "missed") return `No check-in was received for ${monitor.slug} by ${expectedTime ? new Date(expectedTime).toISOString() : "its expected time"} (plus its margin).`;
  if (reason === "timeout") return `A check-in of ${monitor.slug} stayed in progress longer than its maximum runtime of ${maxRuntimeMs(monitor) / 60_000} minutes.`;
  return `${monitor.slug} reported an error check-in.`;
}
