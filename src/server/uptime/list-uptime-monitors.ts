import { z } from "zod";
import type { UptimeMonitorListItem } from "@/lib/views/uptime";
import { authorize, authorizeProject, authorizeProjectId, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { readUptimeSummaries, toUptimeCheckViews } from "./read-uptime-stats";
import { toUptimeMonitorView } from "./uptime-monitor-view";

export const ListUptimeMonitorsInput = z.object({
  /** One project by slug, or… */
  projectSlug: z.string().min(1).max(100).optional(),
  /** …these projects by id (the API's `project`), or every project the viewer sees. */
  projectIds: z.array(z.number().int().positive()).max(100).optional(),
  environment: z.string().max(64).optional(),
  limit: z.number().int().min(1).max(1000).default(500),
});
export type ListUptimeMonitorsInput = z.input<typeof ListUptimeMonitorsInput>;

/** Uptime monitors by name, each with its last check and its uptime over 24 hours. */
export async function listUptimeMonitors(context: AccessContext, input: ListUptimeMonitorsInput = {}): Promise<UptimeMonitorListItem[]> {
  const parsed = ListUptimeMonitorsInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This uptime monitor list cannot be read.");
  const { projectSlug, projectIds, environment, limit } = parsed.data;
  let select = context.db.selectFrom("uptime_monitors").innerJoin("projects", "projects.id", "uptime_monitors.project_id").selectAll("uptime_monitors").select("projects.slug as project_slug");
  if (projectSlug !== undefined) {
    const { project } = await authorizeProject(context, "uptime.list", projectSlug);
    select = select.where("uptime_monitors.project_id", "=", project.id);
  } else if (projectIds !== undefined && projectIds.length > 0) {
    // Named projects: one the viewer cannot see is reported like one that does not exist.
    for (const projectId of projectIds) await authorizeProjectId(context, "uptime.list", projectId);
    select = select.where("uptime_monitors.project_id", "in", projectIds);
  } else {
    authorize(context, "uptime.list");
    const visible = visibleProjectIds(context.viewer);
    if (visible !== null) {
      if (visible.length === 0) return [];
      select = select.where("uptime_monitors.project_id", "in", visible);
    }
  }
  if (environment !== undefined) select = select.where("uptime_monitors.environment", "=", environment);
  const rows = await select.orderBy("uptime_monitors.name").orderBy("uptime_monitors.id").limit(limit).execute();
  const ids = rows.map((row) => Number(row.id));
  const summaries = await readUptimeSummaries(context.db, ids, Date.now());
  const lastChecks = new Map<number, ReturnType<typeof toUptimeCheckViews>[number]>();
  for (const row of rows) {
    if (row.last_check_at === null) continue;
    const check = await context.db.selectFrom("uptime_checks").selectAll().where("monitor_id", "=", row.id).orderBy("scheduled_at", "desc").limit(1).executeTakeFirst();
    if (check) lastChecks.set(Number(row.id), toUptimeCheckViews([check], [])[0]!);
  }
  return rows.map((row) => ({
    ...toUptimeMonitorView(row, row.project_slug),
    lastCheck: lastChecks.get(Number(row.id)) ?? null,
    uptime24h: summaries.get(Number(row.id))?.last24h ?? null,
  }));
}
