import type { UptimeMonitorView } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { findUptimeMonitorRow, toUptimeMonitorView } from "./uptime-monitor-view";

export interface GetUptimeMonitorInput {
  projectSlug: string;
  monitorId: number;
}

export async function getUptimeMonitor(context: AccessContext, input: GetUptimeMonitorInput): Promise<UptimeMonitorView> {
  const { project } = await authorizeProject(context, "uptime.list", input.projectSlug);
  return toUptimeMonitorView(await findUptimeMonitorRow(context.db, project.id, input.monitorId), project.slug);
}
