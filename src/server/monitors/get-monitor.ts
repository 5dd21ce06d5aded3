import type { MonitorView } from "@/lib/views/monitors";
import type { AccessContext } from "../access/authorize";
import { findMonitor, type MonitorRef } from "./find-monitor";

/** One cron monitor with its environments, if the viewer sees its project. */
export async function getMonitor(context: AccessContext, ref: MonitorRef): Promise<MonitorView> {
  return findMonitor(context, "monitor.list", ref);
}
