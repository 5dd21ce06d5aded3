import { sql, type SqlBool } from "kysely";
import { z } from "zod";
import type { MonitorView } from "@/lib/views/monitors";
import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { selectMonitors, toMonitorViews } from "./load-monitor-views";

export const ListMonitorsInput = z.object({
  /** One project, or every project the viewer sees. */
  projectSlug: z.string().min(1).max(100).optional(),
  /** Or these projects by id (Sentry's `project`); ones the viewer cannot see add nothing. */
  projectIds: z.array(z.number().int().positive()).max(100).optional(),
  /** Words matched in the name and slug. */
  query: z.string().trim().max(200, "A monitor search has at most 200 characters.").default(""),
  /** Only monitors with a larger id: the next page (the list is in id order, oldest first). */
  afterId: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(1000).default(100),
});
export type ListMonitorsInput = z.input<typeof ListMonitorsInput>;

/** Cron monitors of one project or of all the viewer sees, oldest first, each with its environments. */
export async function listMonitors(context: AccessContext, input: ListMonitorsInput = {}): Promise<MonitorView[]> {
  const parsed = ListMonitorsInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This monitor search cannot be used.");
  const { projectSlug, projectIds, query, afterId, limit } = parsed.data;
  let select = selectMonitors(context.db);
  if (projectSlug !== undefined) {
    const { project } = await authorizeProject(context, "monitor.list", projectSlug);
    select = select.where("monitors.project_id", "=", project.id);
  } else {
    authorize(context, "monitor.list");
    const visible = visibleProjectIds(context.viewer);
    if (visible !== null) {
      if (visible.length === 0) return [];
      select = select.where("monitors.project_id", "in", visible);
    }
  }
  if (projectIds !== undefined) {
    if (projectIds.length === 0) return [];
    select = select.where("monitors.project_id", "in", projectIds);
  }
  for (const word of query.split(/\s+/).filter(Boolean)) {
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    select = select.where((eb) => eb.or([sql<SqlBool>`lower(${eb.ref("monitors.name")}) like ${pattern} escape '\\'`, sql<SqlBool>`${eb.ref("monitors.slug")} like ${pattern} escape '\\'`]));
  }
  if (afterId !== undefined) select = select.where("monitors.id", ">", afterId);
  const rows = await select.orderBy("monitors.id").limit(limit).execute();
  return toMonitorViews(context.db, rows);
}
