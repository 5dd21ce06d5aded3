import type { AccessContext } from "../access/authorize";
import { recordAuditEvent } from "../audit/record-audit-event";
import { writeTransaction } from "../db/write-transaction";
import { findMonitor, type MonitorRef } from "./find-monitor";

/**
 * Deletes a monitor with its environments and check-ins (the foreign keys cascade). The issues its failures
 * opened stay, as any issue does when its source goes away.
 */
export async function deleteMonitor(context: AccessContext, ref: MonitorRef): Promise<{ id: number; slug: string }> {
  const monitor = await findMonitor(context, "monitor.write", ref);
  await writeTransaction(context.database, async (trx) => {
    await trx.deleteFrom("monitor_checkins").where("monitor_id", "=", monitor.id).execute();
    await trx.deleteFrom("monitor_environments").where("monitor_id", "=", monitor.id).execute();
    await trx.deleteFrom("monitors").where("id", "=", monitor.id).execute();
  });
  await recordAuditEvent(context.db, context.source, { action: "monitor.deleted", target: `project:${monitor.projectSlug}`, data: { monitorId: monitor.id, slug: monitor.slug, name: monitor.name } });
  return { id: monitor.id, slug: monitor.slug };
}
