import type { MonitorIssueView, MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { findMonitor, type MonitorRef } from "./find-monitor";

/** The issues a monitor's failures were counted on (missed, timeout, error), most recently seen first. */
export async function listMonitorIssues(context: AccessContext, ref: MonitorRef & { limit?: number }): Promise<{ monitor: MonitorView; issues: MonitorIssueView[] }> {
  const monitor = await findMonitor(context, "monitor.list", ref);
  const rows = await context.db
    .selectFrom("issues")
    .select(["issues.id", "issues.title", "issues.status", "issues.last_seen", "issues.times_seen"])
    .where("issues.project_id", "=", monitor.projectId)
    .where("issues.id", "in", (eb) => eb.selectFrom("monitor_checkins").select("monitor_checkins.issue_id").where("monitor_checkins.monitor_id", "=", monitor.id).where("monitor_checkins.issue_id", "is not", null).$narrowType<{ issue_id: number }>())
    .orderBy("issues.last_seen", "desc")
    .limit(Math.min(Math.max(ref.limit ?? 20, 1), 100))
    .execute();
  return { monitor, issues: rows.map((row) => ({ id: Number(row.id), title: row.title, status: row.status, lastSeen: Number(row.last_seen), count: Number(row.times_seen) })) };
}
