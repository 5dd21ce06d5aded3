import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { UptimeCheckView, UptimeFailureReason, UptimeHourView, UptimeIncidentView, UptimeSummary } from "@/lib/views/uptime";
import type { Database, UptimeCheckRow, UptimeIncidentRow } from "../db/schema";

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

/**
 * Uptime over the last 24 hours, 7 and 30 days of several monitors, from the hourly sums (at most 720 rows a
 * monitor): windows start at the hour, so "24 h" is the current hour and the 23 before it.
 */
export async function readUptimeSummaries(db: Kysely<Database>, monitorIds: number[], now: number): Promise<Map<number, UptimeSummary>> {
  const summaries = new Map<number, UptimeSummary>(monitorIds.map((id) => [id, { last24h: null, last7d: null, last30d: null }]));
  if (monitorIds.length === 0) return summaries;
  const thisHour = now - (now % hourMs);
  const since = (hours: number) => thisHour - (hours - 1) * hourMs;
  const rows = await db
    .selectFrom("uptime_check_hours")
    .select((eb) => [
      "monitor_id",
      sql<number>`sum(case when ${eb.ref("hour")} >= ${since(24)} then checks else 0 end)`.as("checks24"),
      sql<number>`sum(case when ${eb.ref("hour")} >= ${since(24)} then failures else 0 end)`.as("failures24"),
      sql<number>`sum(case when ${eb.ref("hour")} >= ${since(168)} then checks else 0 end)`.as("checks7"),
      sql<number>`sum(case when ${eb.ref("hour")} >= ${since(168)} then failures else 0 end)`.as("failures7"),
      sql<number>`sum(checks)`.as("checks30"),
      sql<number>`sum(failures)`.as("failures30"),
    ])
    .where("monitor_id", "in", monitorIds)
    .where("hour", ">=", since(720))
    .groupBy("monitor_id")
    .execute();
  const share = (checks: unknown, failures: unknown) => (Number(checks) > 0 ? (Number(checks) - Number(failures)) / Number(checks) : null);
  for (const row of rows) {
    summaries.set(Number(row.monitor_id), { last24h: share(row.checks24, row.failures24), last7d: share(row.checks7, row.failures7), last30d: share(row.checks30, row.failures30) });
  }
  return summaries;
}

/** One monitor's hours from `since` on, oldest first. */
export async function readUptimeHours(db: Kysely<Database>, monitorId: number, since: number): Promise<UptimeHourView[]> {
  const rows = await db.selectFrom("uptime_check_hours").selectAll().where("monitor_id", "=", monitorId).where("hour", ">=", since).orderBy("hour").execute();
  return rows.map((row) => ({
    hour: Number(row.hour),
    checks: Number(row.checks),
    failures: Number(row.failures),
    averageDurationMs: Number(row.checks) > 0 ? Math.round(Number(row.duration_ms_sum) / Number(row.checks)) : null,
  }));
}

export function toUptimeIncidentView(row: UptimeIncidentRow): UptimeIncidentView {
  return {
    id: Number(row.id),
    startedAt: Number(row.started_at),
    resolvedAt: row.resolved_at === null ? null : Number(row.resolved_at),
    reason: row.reason as UptimeFailureReason | null,
    issueId: row.issue_id === null ? null : Number(row.issue_id),
  };
}

/** Checks as views; a failure is "in an incident" when an incident was open at its time. */
export function toUptimeCheckViews(rows: UptimeCheckRow[], incidents: UptimeIncidentView[]): UptimeCheckView[] {
  return rows.map((row) => {
    const at = Number(row.scheduled_at);
    const isFailure = row.status === "failure";
    return {
      id: Number(row.id),
      scheduledAt: at,
      checkedAt: Number(row.checked_at),
      status: isFailure ? "failure" : "success",
      reason: row.reason as UptimeFailureReason | null,
      httpStatus: row.http_status,
      durationMs: row.duration_ms,
      isInIncident: isFailure && incidents.some((incident) => incident.startedAt <= at && (incident.resolvedAt === null || incident.resolvedAt > at)),
    };
  });
}

export async function readUptimeIncidents(db: Kysely<Database>, monitorId: number, since: number, limit = 200): Promise<UptimeIncidentView[]> {
  const rows = await db
    .selectFrom("uptime_incidents")
    .selectAll()
    .where("monitor_id", "=", monitorId)
    .where((eb) => eb.or([eb("started_at", ">=", since), eb("resolved_at", "is", null), eb("resolved_at", ">=", since)]))
    .orderBy("started_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(toUptimeIncidentView);
}
