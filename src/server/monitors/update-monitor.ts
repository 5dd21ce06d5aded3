import { nextExpectedAfter, type MonitorSchedule } from "@/lib/monitor-schedule";
import type { MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/is-unique-violation";
import { findMonitor, type MonitorRef } from "./find-monitor";
import { marginMs, scheduleColumns } from "./monitor-config";
import { parseMonitorSettings, settingsAsChanges, type MonitorChanges, type MonitorSettings } from "./monitor-input";

/**
 * When an environment's next check-in is expected under `settings`, from its last check-in: none yet (or a
 * disabled monitor) expects nothing, so nothing is missed. A monitor enabled again counts from `now`, so the
 * time it was off is not reported as a row of missed check-ins.
 */
export function expectedCheckIn(settings: Pick<MonitorSettings, "schedule" | "checkinMargin" | "status">, lastCheckInAt: number | null, referenceMs: number): { next: number | null; latest: number | null } {
  if (settings.status === "disabled" || lastCheckInAt === null) return { next: null, latest: null };
  const next = nextExpectedAfter(settings.schedule, referenceMs);
  return { next, latest: next + marginMs({ checkin_margin: settings.checkinMargin }) };
}

function sameSchedule(a: MonitorSchedule, b: MonitorSchedule): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Changes a monitor: the fields named in `changes` (the form sends all, Sentry's PUT any), the others kept.
 * A new schedule, margin or status moves each environment's next expected check-in at once, so the scheduler
 * never judges a check-in by the schedule it replaced.
 */
export async function updateMonitor(context: AccessContext, input: MonitorRef & { changes: MonitorChanges; naming?: "form" | "api" }): Promise<MonitorView> {
  const current = await findMonitor(context, "monitor.write", input);
  const settings = parseMonitorSettings(input.changes, settingsAsChanges(current), input.naming);
  const now = Date.now();
  const timesChange =
    !sameSchedule(settings.schedule, current.schedule) || settings.checkinMargin !== current.checkinMargin || settings.status !== current.status;
  const slugTaken = () => new AppError("bad_request", `slug: the slug "${settings.slug}" is already in use in this project`);
  await writeTransaction(context.database, async (trx) => {
    if (settings.slug !== current.slug) {
      const taken = await trx.selectFrom("monitors").select("id").where("project_id", "=", current.projectId).where("slug", "=", settings.slug).executeTakeFirst();
      if (taken) throw slugTaken();
    }
    await trx
      .updateTable("monitors")
      .set({
        slug: settings.slug,
        name: settings.name,
        status: settings.status,
        is_muted: settings.isMuted ? 1 : 0,
        ...scheduleColumns(settings.schedule),
        checkin_margin: settings.checkinMargin,
        max_runtime: settings.maxRuntime,
        timezone: settings.timezone,
        failure_issue_threshold: settings.failureIssueThreshold,
        recovery_threshold: settings.recoveryThreshold,
        updated_at: now,
      })
      .where("id", "=", current.id)
      .execute();
    if (settings.isMuted !== current.isMuted) await trx.updateTable("monitor_environments").set({ is_muted: settings.isMuted ? 1 : 0 }).where("monitor_id", "=", current.id).execute();
    if (!timesChange) return;
    const wasDisabled = current.status === "disabled";
    const environments = await trx.selectFrom("monitor_environments").select(["id", "last_checkin_at"]).where("monitor_id", "=", current.id).execute();
    for (const environment of environments) {
      const last = environment.last_checkin_at === null ? null : Number(environment.last_checkin_at);
      const { next, latest } = expectedCheckIn(settings, last, wasDisabled ? now : (last ?? now));
      await trx.updateTable("monitor_environments").set({ next_checkin_at: next, next_checkin_latest: latest }).where("id", "=", environment.id).execute();
    }
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? slugTaken() : error;
  });
  const monitor = await findMonitor(context, "monitor.write", { projectSlug: current.projectSlug, monitor: settings.slug });
  await recordAuditEvent(context.db, context.source, { action: "monitor.updated", target: `project:${current.projectSlug}`, data: { monitorId: monitor.id, slug: monitor.slug, schedule: monitor.scheduleText, status: monitor.status } });
  return monitor;
}
