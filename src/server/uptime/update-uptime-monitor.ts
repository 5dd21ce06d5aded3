import type { UptimeMonitorView } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { parseUptimeMonitorFields } from "./uptime-monitor-input";
import { findUptimeMonitorRow, firstCheckAt, toUptimeMonitorView } from "./uptime-monitor-view";

export interface UpdateUptimeMonitorInput {
  projectSlug: string;
  monitorId: number;
  /** The fields to change (Sentry's camelCase names); the rest stay. */
  monitor: Record<string, unknown>;
}

/**
 * Changes a monitor. A new URL, method, interval or re-enabling checks right away; disabling stops the
 * checks (next_check_at null) and keeps the history and any open incident.
 */
export async function updateUptimeMonitor(context: AccessContext, input: UpdateUptimeMonitorInput): Promise<UptimeMonitorView> {
  const { project } = await authorizeProject(context, "uptime.write", input.projectSlug);
  const current = toUptimeMonitorView(await findUptimeMonitorRow(context.db, project.id, input.monitorId), project.slug);
  const fields = await parseUptimeMonitorFields(context.config, input.monitor, current);
  const now = Date.now();
  const isRescheduled = fields.status === "active" && (current.status === "disabled" || fields.url !== current.url || fields.method !== current.method || fields.intervalSeconds !== current.intervalSeconds);
  const row = await writeTransaction(context.database, (trx) =>
    trx
      .updateTable("uptime_monitors")
      .set({
        name: fields.name,
        url: fields.url,
        method: fields.method,
        headers: JSON.stringify(fields.headers),
        body: fields.body,
        interval_seconds: fields.intervalSeconds,
        timeout_ms: fields.timeoutMs,
        expected_status_min: fields.expectedStatusMin,
        expected_status_max: fields.expectedStatusMax,
        environment: fields.environment,
        status: fields.status,
        downtime_threshold: fields.downtimeThreshold,
        recovery_threshold: fields.recoveryThreshold,
        show_on_status_page: fields.showOnStatusPage ? 1 : 0,
        updated_at: now,
        ...(fields.status === "disabled" ? { next_check_at: null } : isRescheduled ? { next_check_at: firstCheckAt(now) } : {}),
      })
      .where("id", "=", current.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await recordAuditEvent(context.db, context.source, { action: "uptime.monitor_updated", target: `uptime:${row.id}`, data: { projectSlug: project.slug, url: fields.url, status: fields.status } });
  return toUptimeMonitorView(row, project.slug);
}
