import { authorize, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { readEventPayload } from "../events/read-event-payload";
import { maxTraceSpans, readTraceSpans } from "../spans/read-trace-spans";
import { arrangeSpanTree } from "./arrange-span-tree";
import { eventPagePath } from "@/lib/event-page-path";
import { isRecord } from "@/lib/json-values";
import { isFailedSpanStatus, spanStatusName } from "@/lib/span-status";
import { parseTraceId } from "@/lib/trace-id";
import type { TraceErrorView, TraceSpanView, TraceView } from "@/lib/views/traces";
export type { TraceErrorView, TraceSpanView, TraceView } from "@/lib/views/traces";

/** Error events a trace shows (newest first); each is inflated to find its span, so few. */
export const maxTraceErrors = 100;

export interface GetTraceOptions {
  traceId: string;
  /** Spans to read at most (default and ceiling: 10,000). */
  maxSpans?: number;
}

/**
 * One distributed trace as the waterfall and the trace API show it: every span of the projects the viewer can
 * see, as a tree (arrange-span-tree.ts), and the trace's error events, each pinned to the span it happened in
 * (`contexts.trace.span_id` of its stored payload). Beyond `maxSpans` the earliest spans are kept and
 * `isCapped` says so.
 */
export async function getTrace(context: AccessContext, { traceId, maxSpans = maxTraceSpans }: GetTraceOptions): Promise<TraceView> {
  authorize(context, "trace.read");
  const id = parseTraceId(traceId);
  if (id === null) throw new AppError("bad_request", "A trace id is 32 hexadecimal digits (0-9, a-f), as in 4bf92f3577b34da6a3ce929d0e0e4736.");
  const limit = Math.max(1, Math.min(maxSpans, maxTraceSpans));
  const visible = visibleProjectIds(context.viewer);
  const stored = await readTraceSpans(context.db, id, visible, { withExtra: true, limit: limit + 1 });
  const isCapped = stored.length > limit;
  const spans = stored.slice(0, limit);
  const errors = await readTraceErrors(context, id, visible);
  const projectIds = [...new Set(spans.map((span) => span.projectId))];
  const slugs = new Map<number, string>();
  if (projectIds.length > 0) {
    for (const row of await context.db.selectFrom("projects").select(["id", "slug"]).where("id", "in", projectIds).execute()) slugs.set(Number(row.id), row.slug);
  }
  const errorsBySpan = new Map<string, TraceErrorView[]>();
  for (const error of errors) {
    if (error.spanId === null) continue;
    const list = errorsBySpan.get(`${error.projectId}:${error.spanId}`) ?? [];
    list.push(error);
    errorsBySpan.set(`${error.projectId}:${error.spanId}`, list);
  }
  const pinned = new Set<TraceErrorView>();
  const views: TraceSpanView[] = arrangeSpanTree(spans).map(({ span, depth, childCount }) => {
    const spanErrors = errorsBySpan.get(`${span.projectId}:${span.spanId}`) ?? [];
    for (const error of spanErrors) pinned.add(error);
    const extra = span.extra ?? {};
    return {
      spanId: span.spanId,
      parentSpanId: span.parentSpanId,
      depth,
      childCount,
      projectId: span.projectId,
      projectSlug: slugs.get(span.projectId) ?? String(span.projectId),
      op: span.op,
      description: descriptionAsSent(extra) ?? span.description,
      segmentName: span.segmentName,
      isSegment: span.isSegment,
      startUs: span.startUs,
      durationUs: span.durationUs,
      status: typeof extra.status === "string" && span.status === 255 ? extra.status : spanStatusName(span.status),
      isFailed: isFailedSpanStatus(span.status),
      release: span.release,
      environment: span.environment,
      extra,
      errors: spanErrors,
    };
  });
  const startUs = spans.length > 0 ? Math.min(...spans.map((span) => span.startUs)) : 0;
  let endUs = startUs;
  for (const span of spans) endUs = Math.max(endUs, span.startUs + span.durationUs);
  return { traceId: id, spans: views, unpinnedErrors: errors.filter((error) => !pinned.has(error)), errorCount: errors.length, isCapped, maxSpans: limit, startUs, endUs };
}

async function readTraceErrors(context: AccessContext, traceId: string, visible: number[] | null): Promise<TraceErrorView[]> {
  const rows = await context.db
    .selectFrom("events")
    .innerJoin("issues", "issues.id", "events.issue_id")
    .innerJoin("projects", "projects.id", "events.project_id")
    .select(["events.event_id", "events.timestamp", "events.level", "events.payload", "events.project_id", "events.issue_id", "issues.title", "issues.culprit", "projects.slug"])
    .where("events.trace_id", "=", traceId)
    .$if(visible !== null, (query) => query.where("events.project_id", "in", visible!.length > 0 ? visible! : [-1]))
    .orderBy("events.timestamp", "desc")
    .orderBy("events.id", "desc")
    .limit(maxTraceErrors)
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    projectId: Number(row.project_id),
    projectSlug: row.slug,
    issueId: Number(row.issue_id),
    issueTitle: row.title,
    culprit: row.culprit,
    level: row.level,
    timestamp: Number(row.timestamp),
    spanId: spanIdOf(readEventPayload(row.payload)),
    path: eventPagePath(row.slug, Number(row.issue_id), row.event_id),
  }));
}

/** The row keeps a normalized description for grouping; the payload keeps it as sent (transactions) or as attributes (v2). */
function descriptionAsSent(extra: Record<string, unknown>): string | null {
  if (typeof extra.description === "string") return extra.description;
  const attributes = isRecord(extra.attributes) ? extra.attributes : {};
  const described = isRecord(attributes["sentry.description"]) ? attributes["sentry.description"].value : undefined;
  if (typeof described === "string" && described !== "") return described;
  return typeof extra.name === "string" && extra.name !== "" ? extra.name : null;
}

function spanIdOf(event: Record<string, unknown>): string | null {
  const trace = isRecord(event.contexts) && isRecord(event.contexts.trace) ? event.contexts.trace : null;
  const spanId = typeof trace?.span_id === "string" ? trace.span_id.toLowerCase() : null;
  return spanId !== null && /^[0-9a-f]{16}$/.test(spanId) ? spanId : null;
}
