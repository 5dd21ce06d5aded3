import { authorizeProject, type AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { findUptimeMonitorRow } from "./uptime-monitor-view";

export interface DeleteUptimeMonitorInput {
  projectSlug: string;
  monitorId: number;
}

/** Deletes a monitor with its checks, hourly sums and incidents; the issues it opened stay, like any issue. */
export async function deleteUptimeMonitor(context: AccessContext, input: DeleteUptimeMonitorInput): Promise<void> {
  const { project } = await authorizeProject(context, "uptime.write", input.projectSlug);
  const row = await findUptimeMonitorRow(context.db, project.id, input.monitorId);
  await writeTransaction(context.database, async (trx) => {
    // Children first: SQLite enforces the cascade only with foreign keys on, PostgreSQL always.
    await trx.deleteFrom("uptime_checks").where("monitor_id", "=", row.id).execute();
    await trx.deleteFrom("uptime_check_hours").where("monitor_id", "=", row.id).execute();
    await trx.deleteFrom("uptime_incidents").where("monitor_id", "=", row.id).execute();
    await trx.deleteFrom("uptime_monitors").where("id", "=", row.id).execute();
  });
  await recordAuditEvent(context.db, context.source, { action: "uptime.monitor_deleted", target: `uptime:${row.id}`, data: { projectSlug: project.slug, url: row.url } });
}
