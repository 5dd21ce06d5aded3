import { z } from "zod";
import type { UptimeCheckView } from "@/lib/views/uptime";
import { authorizeProject, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { readUptimeIncidents, toUptimeCheckViews } from "./read-uptime-stats";
import { findUptimeMonitorRow } from "./uptime-monitor-view";

export const ListUptimeChecksInput = z.object({
  projectSlug: z.string().min(1).max(100),
  monitorId: z.number().int(),
  /** Checks scheduled in [since, until). */
  since: z.number().int(),
  until: z.number().int(),
  /** Only checks with a smaller id: the next page. */
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(100).default(100),
});
export type ListUptimeChecksInput = z.input<typeof ListUptimeChecksInput>;

/** A monitor's checks in a window, newest first. */
export async function listUptimeChecks(context: AccessContext, input: ListUptimeChecksInput): Promise<UptimeCheckView[]> {
  const parsed = ListUptimeChecksInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "These uptime checks cannot be listed.");
  const { projectSlug, monitorId, since, until, beforeId, limit } = parsed.data;
  const { project } = await authorizeProject(context, "uptime.list", projectSlug);
  const monitor = await findUptimeMonitorRow(context.db, project.id, monitorId);
  let select = context.db.selectFrom("uptime_checks").selectAll().where("monitor_id", "=", monitor.id).where("scheduled_at", ">=", since).where("scheduled_at", "<", until);
  if (beforeId !== undefined) select = select.where("id", "<", beforeId);
  const rows = await select.orderBy("id", "desc").limit(limit).execute();
  return toUptimeCheckViews(rows, await readUptimeIncidents(context.db, Number(monitor.id), since));
}
