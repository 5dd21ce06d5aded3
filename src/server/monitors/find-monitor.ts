import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import type { Verb } from "../access/policy";
import { canSeeProject, visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { selectMonitors, toMonitorViews } from "./load-monitor-views";
import type { MonitorView } from "@/lib/views/monitors";

/** Which monitor: by slug in a project, or (the organization-level routes) by id or slug in any project one sees. */
export interface MonitorRef {
  projectSlug?: string;
  /** A slug, or under no project also the monitor's numeric id. */
  monitor: string;
}

function missing(monitor: string): AppError {
  return new AppError("not_found", `No monitor is called "${monitor.slice(0, 100)}".`);
}

/**
 * The monitor named by `ref` if the viewer may see its project and may `verb`; one in a project they cannot
 * see is reported exactly like one that does not exist. A slug several visible projects use is ambiguous
 * without the project, and refused with the route that names it.
 */
export async function findMonitor(context: AccessContext, verb: Verb, ref: MonitorRef): Promise<MonitorView> {
  const text = ref.monitor.trim();
  if (text.length === 0 || text.length > 100) throw missing(text);
  let select = selectMonitors(context.db);
  if (ref.projectSlug !== undefined) {
    const { project } = await authorizeProject(context, verb, ref.projectSlug);
    select = select.where("monitors.project_id", "=", project.id).where("monitors.slug", "=", text);
  } else {
    const visible = visibleProjectIds(context.viewer);
    if (visible !== null && visible.length === 0) throw missing(text);
    select = /^\d{1,15}$/.test(text) ? select.where("monitors.id", "=", Number(text)) : select.where("monitors.slug", "=", text);
    if (visible !== null) select = select.where("monitors.project_id", "in", visible);
  }
  const rows = await select.orderBy("monitors.id").limit(2).execute();
  if (rows.length === 0 || !canSeeProject(context.viewer, Number(rows[0]!.project_id))) throw missing(text);
  if (rows.length > 1) throw new AppError("bad_request", `Several projects have a monitor "${text}": name the project (/api/0/projects/{org}/{project}/monitors/${text}/).`);
  authorize(context, verb);
  const [view] = await toMonitorViews(context.db, rows);
  return view!;
}
