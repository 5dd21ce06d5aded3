import type { UptimeMonitorView } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { parseUptimeMonitorFields, uptimeDefaults } from "./uptime-monitor-input";
import { firstCheckAt, toUptimeMonitorView } from "./uptime-monitor-view";

export interface CreateUptimeMonitorInput {
  projectSlug: string;
  /** Sentry's camelCase fields (uptime-monitor-input.ts); `url` and `intervalSeconds` are required. */
  monitor: Record<string, unknown>;
}

/** A new uptime monitor, first checked at the checker's next pass (when active). */
export async function createUptimeMonitor(context: AccessContext, input: CreateUptimeMonitorInput): Promise<UptimeMonitorView> {
  const { project } = await authorizeProject(context, "uptime.write", input.projectSlug);
  const fields = await parseUptimeMonitorFields(context.config, input.monitor, uptimeDefaults);
  const now = Date.now();
  const row = await writeTransaction(context.database, (trx) =>
    trx
      .insertInto("uptime_monitors")
      .values({
        project_id: project.id,
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
        next_check_at: fields.status === "active" ? firstCheckAt(now) : null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  await recordAuditEvent(context.db, context.source, { action: "uptime.monitor_created", target: `uptime:${row.id}`, data: { projectSlug: project.slug, url: fields.url } });
  return toUptimeMonitorView(row, project.slug);
}
