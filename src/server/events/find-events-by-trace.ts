import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { eventPagePath } from "@/lib/event-page-path";
import { parseTraceId } from "@/lib/trace-id";
import type { TraceEventMatch } from "@/lib/views/events";
export type { TraceEventMatch } from "@/lib/views/events";

export interface FindEventsByTraceOptions {
  /** The trace id: 32 hex digits (any case; the dashed UUID form is accepted too). */
  traceId: string;
  /** At most this many events, newest first: 1 to 100 (default 100). */
  limit?: number;
}

export const maxTraceEvents = 100;

/**
 * The error events of one distributed trace ("View in trace"), newest first, across the projects the viewer
 * can see: the events whose `trace_id` (digest copies `contexts.trace.trace_id` into it, migration 0018) is
 * the one given, read through the partial index events_trace (trace_id, timestamp). Events digested before
 * 0018 have no trace id and are not found (see the migration).
 */
export async function findEventsByTrace(context: AccessContext, { traceId, limit = maxTraceEvents }: FindEventsByTraceOptions): Promise<TraceEventMatch[]> {
  authorize(context, "event.find_by_trace");
  const id = parseTraceId(traceId);
  if (id === null) throw new AppError("bad_request", "A trace id is 32 hexadecimal digits (0-9, a-f), as in 4bf92f3577b34da6a3ce929d0e0e4736.");
  if (!Number.isInteger(limit) || limit < 1 || limit > maxTraceEvents) throw new AppError("bad_request", `limit must be a whole number from 1 to ${maxTraceEvents}.`);
  const visible = visibleProjectIds(context.viewer);
  const rows = await context.db
    .selectFrom("events")
    .innerJoin("issues", "issues.id", "events.issue_id")
    .innerJoin("projects", "projects.id", "events.project_id")
    .select(["events.id", "events.event_id", "events.timestamp", "events.level", "events.issue_id", "issues.title", "projects.slug", "projects.name"])
    .where("events.trace_id", "=", id)
    .$if(visible !== null, (query) => query.where("events.project_id", "in", visible!.length > 0 ? visible! : [-1]))
    .orderBy("events.timestamp", "desc")
    .orderBy("events.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    projectSlug: row.slug,
    projectName: row.name,
    issueId: Number(row.issue_id),
    issueTitle: row.title,
    eventId: row.event_id,
    timestamp: Number(row.timestamp),
    level: row.level,
    path: eventPagePath(row.slug, Number(row.issue_id), row.event_id),
  }));
}
