import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import type { LogTraceError } from "@/lib/views/logs";
import { eventPagePath } from "@/lib/event-page-path";

/** Error events linked per trace at most (the trace page lists the rest). */
const maxPerTrace = 3;

/**
 * The error events of the projects the viewer sees that belong to the given traces, newest first, at most a
 * few per trace: the log rows' "errors in this trace" links. One read of the events' trace index.
 */
export async function listTraceErrors(context: AccessContext, traceIds: string[]): Promise<Record<string, LogTraceError[]>> {
  authorize(context, "log.search");
  const ids = [...new Set(traceIds)].filter((id) => /^[0-9a-f]{32}$/.test(id)).slice(0, 200);
  if (ids.length === 0) return {};
  const visible = visibleProjectIds(context.viewer);
  const rows = await context.db
    .selectFrom("events")
    .innerJoin("issues", "issues.id", "events.issue_id")
    .innerJoin("projects", "projects.id", "events.project_id")
    .select(["events.event_id", "events.trace_id", "events.issue_id", "issues.title", "projects.slug"])
    .where("events.trace_id", "in", ids)
    .$if(visible !== null, (query) => query.where("events.project_id", "in", visible!.length > 0 ? visible! : [-1]))
    .orderBy("events.timestamp", "desc")
    .limit(ids.length * maxPerTrace)
    .execute();
  const byTrace: Record<string, LogTraceError[]> = {};
  for (const row of rows) {
    const list = (byTrace[row.trace_id!] ??= []);
    if (list.length < maxPerTrace) list.push({ title: row.title, path: eventPagePath(row.slug, Number(row.issue_id), row.event_id) });
  }
  return byTrace;
}
