import type { Kysely, Selectable } from "kysely";
import { describeSchedule } from "@/lib/monitor-schedule";
import { scheduleOf } from "./monitor-config";
import type { CheckInStatus, MonitorCheckInView, MonitorEnvironmentStatus, MonitorEnvironmentView, MonitorStatus, MonitorView } from "@/lib/views/monitors";
import type { Database, MonitorCheckinRow, MonitorEnvironmentRow, MonitorsTable } from "../db/schema";

export type MonitorWithProjectRow = Selectable<MonitorsTable> & { project_slug: string; project_name: string };

/** Monitors with their project's slug and name; callers add the filters and the order. */
export function selectMonitors(db: Kysely<Database>) {
  return db
    .selectFrom("monitors")
    .innerJoin("projects", "projects.id", "monitors.project_id")
    .selectAll("monitors")
    .select(["projects.slug as project_slug", "projects.name as project_name"]);
}

export function toEnvironmentView(row: MonitorEnvironmentRow): MonitorEnvironmentView {
  const numberOrNull = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    name: row.environment,
    status: (["active", "ok", "error"].includes(row.status) ? row.status : "active") as MonitorEnvironmentStatus,
    isMuted: Boolean(row.is_muted),
    lastCheckInAt: numberOrNull(row.last_checkin_at),
    nextCheckInAt: numberOrNull(row.next_checkin_at),
    nextCheckInLatest: numberOrNull(row.next_checkin_latest),
    failures: Number(row.failures),
    incidentStartedAt: numberOrNull(row.incident_started_at),
    createdAt: Number(row.created_at),
  };
}

/** The views of `rows`, each with its environments (by name). */
export async function toMonitorViews(db: Kysely<Database>, rows: MonitorWithProjectRow[]): Promise<MonitorView[]> {
  if (rows.length === 0) return [];
  const environments = await db
    .selectFrom("monitor_environments")
    .selectAll()
    .where("monitor_id", "in", rows.map((row) => Number(row.id)))
    .orderBy("environment")
    .execute();
  const byMonitor = new Map<number, MonitorEnvironmentView[]>();
  for (const environment of environments) {
    const list = byMonitor.get(Number(environment.monitor_id)) ?? [];
    list.push(toEnvironmentView(environment));
    byMonitor.set(Number(environment.monitor_id), list);
  }
  return rows.map((row) => {
    const schedule = scheduleOf(row);
    return {
      id: Number(row.id),
      projectId: Number(row.project_id),
      projectSlug: row.project_slug,
      projectName: row.project_name,
      slug: row.slug,
      name: row.name,
      status: (row.status === "disabled" ? "disabled" : "active") as MonitorStatus,
      isMuted: Boolean(row.is_muted),
      schedule,
      scheduleText: describeSchedule(schedule),
      checkinMargin: row.checkin_margin === null ? null : Number(row.checkin_margin),
      maxRuntime: row.max_runtime === null ? null : Number(row.max_runtime),
      timezone: row.timezone || "UTC",
      failureIssueThreshold: Number(row.failure_issue_threshold),
      recoveryThreshold: Number(row.recovery_threshold),
      owner: row.owner,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      environments: byMonitor.get(Number(row.id)) ?? [],
    };
  });
}

export function toCheckInView(row: MonitorCheckinRow & { environment: string }): MonitorCheckInView {
  const numberOrNull = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: Number(row.id),
    checkInId: row.check_in_id,
    environment: row.environment,
    status: row.status as CheckInStatus,
    durationMs: numberOrNull(row.duration_ms),
    dateAdded: Number(row.date_added),
    dateUpdated: Number(row.date_updated),
    dateInProgress: numberOrNull(row.date_in_progress),
    expectedTime: numberOrNull(row.expected_time),
    traceId: row.trace_id,
    release: row.release,
    issueId: numberOrNull(row.issue_id),
  };
}
