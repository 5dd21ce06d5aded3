import type { Kysely } from "kysely";
import type { UptimeMethod, UptimeMonitorView } from "@/lib/views/uptime";
import type { Database, UptimeMonitorRow } from "../db/schema";
import { AppError } from "../errors";

export function toUptimeMonitorView(row: UptimeMonitorRow, projectSlug: string): UptimeMonitorView {
  return {
    id: Number(row.id),
    projectId: Number(row.project_id),
    projectSlug,
    name: row.name,
    url: row.url,
    method: row.method as UptimeMethod,
    headers: parseHeaders(row.headers),
    body: row.body,
    intervalSeconds: row.interval_seconds,
    timeoutMs: row.timeout_ms,
    expectedStatusMin: row.expected_status_min,
    expectedStatusMax: row.expected_status_max,
    environment: row.environment,
    status: row.status === "disabled" ? "disabled" : "active",
    uptimeStatus: row.uptime_status === "failed" ? "failed" : "ok",
    downtimeThreshold: row.downtime_threshold,
    recoveryThreshold: row.recovery_threshold,
    showOnStatusPage: Boolean(row.show_on_status_page),
    lastCheckAt: row.last_check_at === null ? null : Number(row.last_check_at),
    nextCheckAt: row.next_check_at === null ? null : Number(row.next_check_at),
    createdAt: Number(row.created_at),
  };
}

function parseHeaders(text: string): [string, string][] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((pair): pair is [string, string] => Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") : [];
  } catch {
    return [];
  }
}

/** The monitor `monitorId` of `projectId`, or not_found (a monitor of another project reads as missing). */
export async function findUptimeMonitorRow(db: Kysely<Database>, projectId: number, monitorId: number): Promise<UptimeMonitorRow> {
  const row = Number.isSafeInteger(monitorId)
    ? await db.selectFrom("uptime_monitors").selectAll().where("id", "=", monitorId).where("project_id", "=", projectId).executeTakeFirst()
    : undefined;
  if (!row) throw new AppError("not_found", `No uptime monitor has id ${monitorId} in this project.`);
  return row;
}

/** The first check of a new or re-enabled monitor: right away. */
export function firstCheckAt(now: number): number {
  return now;
}
