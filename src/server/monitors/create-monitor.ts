import type { MonitorView } from "@/lib/views/monitors";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/is-unique-violation";
import { findMonitor } from "./find-monitor";
import { parseMonitorSettings, type MonitorChanges } from "./monitor-input";
import { scheduleColumns } from "./monitor-config";

/**
 * A new cron monitor in a project, from the form or Sentry's API body. It has no environment yet: each
 * appears with its first check-in, and until then nothing is expected, so nothing can be missed (as Sentry
 * does: a monitor made in the UI is not marked missed before its job has checked in once).
 */
export async function createMonitor(context: AccessContext, input: { projectSlug: string; changes: MonitorChanges; naming?: "form" | "api" }): Promise<MonitorView> {
  const { project } = await authorizeProject(context, "monitor.write", input.projectSlug);
  const settings = parseMonitorSettings(input.changes, null, input.naming);
  const now = Date.now();
  const slugTaken = () => new AppError("bad_request", `slug: the slug "${settings.slug}" is already in use in this project`);
  // The check reads first for a clear answer; two creations racing on PostgreSQL meet the unique constraint.
  await writeTransaction(context.database, async (trx) => {
    const taken = await trx.selectFrom("monitors").select("id").where("project_id", "=", project.id).where("slug", "=", settings.slug).executeTakeFirst();
    if (taken) throw slugTaken();
    await trx
      .insertInto("monitors")
      .values({
        project_id: project.id,
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
        owner: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }).catch((error: unknown) => {
    throw isUniqueViolation(error) ? slugTaken() : error;
  });
  const monitor = await findMonitor(context, "monitor.write", { projectSlug: project.slug, monitor: settings.slug });
  await recordAuditEvent(context.db, context.source, { action: "monitor.created", target: `project:${project.slug}`, data: { monitorId: monitor.id, slug: monitor.slug, schedule: monitor.scheduleText } });
  return monitor;
}
