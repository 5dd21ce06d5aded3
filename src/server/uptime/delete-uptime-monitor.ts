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
  // Checks, hourly sums and incidents go with it (foreign keys on delete cascade, on in both dialects).
  await writeTransaction(context.database, (trx) => trx.deleteFrom("uptime_monitors").where("id", "=", row.id).execute());
  await recordAuditEvent(context.db, context.source, { action: "uptime.monitor_deleted", target: `uptime:${row.id}`, data: { projectSlug: project.slug, url: row.url } });
}
