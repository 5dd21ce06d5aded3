import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { logStringKinds } from "../logs/log-strings";
import { spanStringKinds } from "../spans/span-strings";

/** The header's menu lists at most this many (sorted by name); a longer list is not a menu any more. */
export const maxListedEnvironments = 200;

/**
 * The environments of the projects the viewer sees, for the header's picker: those of error events (each
 * project's `environment` tag values), spans and log lines (their string tables). Three index ranges, no
 * scan of events, spans or lines.
 */
export async function listEnvironments(context: AccessContext): Promise<string[]> {
  authorize(context, "project.list");
  const visible = visibleProjectIds(context.viewer);
  const projectIds = visible && visible.length === 0 ? [-1] : visible;
  const { db } = context;
  let events = db.selectFrom("project_tag_values").select("value").where("key", "=", "environment");
  let spans = db.selectFrom("span_strings").select("value").where("kind", "=", spanStringKinds.environment);
  let logs = db.selectFrom("log_strings").select("value").where("kind", "=", logStringKinds.environment);
  if (projectIds) {
    events = events.where("project_id", "in", projectIds);
    spans = spans.where("project_id", "in", projectIds);
    logs = logs.where("project_id", "in", projectIds);
  }
  const rows = await events.union(spans).union(logs).orderBy("value").limit(maxListedEnvironments).execute();
  return rows.map((row) => row.value).filter((value) => value !== "");
}
