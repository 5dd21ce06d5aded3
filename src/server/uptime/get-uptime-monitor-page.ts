import type { UptimeMonitorPage } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { dayMs, hourMs, readUptimeHours, readUptimeIncidents, readUptimeSummaries, toUptimeCheckViews } from "./read-uptime-stats";
import { findUptimeMonitorRow, toUptimeMonitorView } from "./uptime-monitor-view";

export interface GetUptimeMonitorPageInput {
  projectSlug: string;
  monitorId: number;
}

/** What the monitor page shows: the latest 120 checks, 7 days of hourly response times, uptime, 90 days of incidents. */
export async function getUptimeMonitorPage(context: AccessContext, input: GetUptimeMonitorPageInput, now = Date.now()): Promise<UptimeMonitorPage> {
  const { project } = await authorizeProject(context, "uptime.list", input.projectSlug);
  const row = await findUptimeMonitorRow(context.db, project.id, input.monitorId);
  const monitorId = Number(row.id);
  const incidents = await readUptimeIncidents(context.db, monitorId, now - 90 * dayMs);
  const checkRows = await context.db.selectFrom("uptime_checks").selectAll().where("monitor_id", "=", monitorId).orderBy("scheduled_at", "desc").limit(120).execute();
  const thisHour = now - (now % hourMs);
  return {
    monitor: toUptimeMonitorView(row, project.slug),
    uptime: (await readUptimeSummaries(context.db, [monitorId], now)).get(monitorId)!,
    checks: toUptimeCheckViews(checkRows, incidents),
    hours: await readUptimeHours(context.db, monitorId, thisHour - 167 * hourMs),
    incidents,
  };
}
