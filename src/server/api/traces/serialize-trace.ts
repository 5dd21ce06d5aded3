import { isRecord } from "@/lib/json-values";
import type { TraceErrorView, TraceSpanView, TraceView } from "@/lib/views/traces";
import { shortIdOf } from "../issues/serialize-issue";

/**
 * A trace in the shapes of Sentry's `GET /organizations/{org}/trace/{id}/` and `…/trace-meta/{id}/`
 * (telemetry-protocol.md §3.3; the fields Sentry's MCP server requires are always present).
 */
export interface ApiTraceError {
  event_id: string;
  event_type: "error";
  issue_id: number;
  short_id: string;
  level: string;
  culprit: string;
  issue_type: "error";
  description: string;
  project_id: number;
  project_slug: string;
  start_timestamp: number;
  span_id: string | null;
}

export interface ApiTraceSpan {
  event_id: string;
  event_type: "span";
  transaction_id: string;
  project_id: number;
  project_slug: string;
  transaction: string | null;
  description: string | null;
  op: string;
  name: string;
  status: string;
  parent_span_id: string | null;
  start_timestamp: number;
  end_timestamp: number;
  duration: number;
  is_transaction: boolean;
  sdk_name: string;
  profile_id: string;
  profiler_id: string;
  measurements: Record<string, number>;
  browser_web_vital: Record<string, number>;
  additional_attributes: Record<string, unknown>;
  children: ApiTraceSpan[];
  errors: ApiTraceError[];
  occurrences: never[];
}

/**
 * How deep `children` nest in the answer: spans deeper (a hostile or runaway SDK) are listed under their
 * ancestor at this depth, so the JSON stays within what serializers and clients can recurse through.
 */
export const maxApiTraceNesting = 100;
const webVitals = ["lcp", "cls", "inp", "ttfb", "fcp"];

export function serializeTraceError(error: TraceErrorView): ApiTraceError {
  return {
    event_id: error.eventId,
    event_type: "error",
    issue_id: error.issueId,
    short_id: shortIdOf(error.projectSlug, error.issueId),
    level: error.level,
    culprit: error.culprit,
    issue_type: "error",
    description: error.issueTitle,
    project_id: error.projectId,
    project_slug: error.projectSlug,
    start_timestamp: error.timestamp / 1000,
    span_id: error.spanId,
  };
}

/** The top-level items: root spans with their `children`, then errors pinned to no span of the trace. */
export function serializeTrace(trace: TraceView, additionalAttributes: string[] = []): (ApiTraceSpan | ApiTraceError)[] {
  const roots: ApiTraceSpan[] = [];
  const path: ApiTraceSpan[] = [];
  const transactionIds: string[] = [];
  for (const span of trace.spans) {
    const depth = Math.min(span.depth, maxApiTraceNesting);
    if (span.isSegment) transactionIds[span.depth] = eventIdOf(span);
    else transactionIds[span.depth] = transactionIds[span.depth - 1] ?? span.spanId;
    const item = serializeSpan(span, transactionIds[span.depth]!, additionalAttributes);
    if (depth === 0) roots.push(item);
    else path[depth - 1]!.children.push(item);
    path[depth] = item;
  }
  return [...roots, ...trace.unpinnedErrors.map(serializeTraceError)];
}

function serializeSpan(span: TraceSpanView, transactionId: string, additionalAttributes: string[]): ApiTraceSpan {
  const measurements: Record<string, number> = {};
  const browserWebVital: Record<string, number> = {};
  if (isRecord(span.extra.measurements)) {
    for (const [name, measurement] of Object.entries(span.extra.measurements)) {
      const value = isRecord(measurement) ? measurement.value : measurement;
      if (typeof value !== "number" || !Number.isFinite(value)) continue;
      measurements[`measurements.${name}`] = value;
      if (webVitals.includes(name)) browserWebVital[`browser.web_vital.${name}.value`] = value;
    }
  }
  const sdk = isRecord(span.extra.sdk) && typeof span.extra.sdk.name === "string" ? span.extra.sdk.name : "";
  return {
    event_id: span.isSegment ? eventIdOf(span) : span.spanId,
    event_type: "span",
    transaction_id: transactionId,
    project_id: span.projectId,
    project_slug: span.projectSlug,
    transaction: span.segmentName,
    description: span.description,
    op: span.op,
    name: span.op,
    status: span.status,
    parent_span_id: span.parentSpanId,
    start_timestamp: span.startUs / 1e6,
    end_timestamp: (span.startUs + span.durationUs) / 1e6,
    duration: span.durationUs / 1000,
    is_transaction: span.isSegment,
    sdk_name: sdk,
    profile_id: "",
    profiler_id: "",
    measurements,
    browser_web_vital: browserWebVital,
    additional_attributes: Object.fromEntries(additionalAttributes.map((name) => [name, attributeOf(span, name)]).filter(([, value]) => value !== undefined)),
    children: [],
    errors: span.errors.map(serializeTraceError),
    occurrences: [],
  };
}

/** A transaction's event id (what Sentry calls its transaction_id), or its span id when the SDK sent none. */
function eventIdOf(span: TraceSpanView): string {
  return typeof span.extra.event_id === "string" ? span.extra.event_id : span.spanId;
}

function attributeOf(span: TraceSpanView, name: string): unknown {
  for (const source of [span.extra.data, span.extra.tags]) if (isRecord(source) && name in source) return source[name];
  if (isRecord(span.extra.attributes)) {
    const entry = span.extra.attributes[name];
    return isRecord(entry) && "value" in entry ? entry.value : entry;
  }
  return undefined;
}

export interface ApiTraceMeta {
  errorsCount: number;
  performanceIssuesCount: number;
  logsCount: number;
  metricsCount: number;
  spansCount: number;
  spansCountMap: Record<string, number>;
  transactionChildCountMap: { "transaction.event_id": string; "count()": number }[];
}

export function serializeTraceMeta(trace: TraceView, logsCount = 0): ApiTraceMeta {
  const spansCountMap: Record<string, number> = {};
  const children = new Map<string, number>();
  const transactionIds: string[] = [];
  for (const span of trace.spans) {
    spansCountMap[span.op] = (spansCountMap[span.op] ?? 0) + 1;
    transactionIds[span.depth] = span.isSegment ? eventIdOf(span) : (transactionIds[span.depth - 1] ?? span.spanId);
    if (!span.isSegment) children.set(transactionIds[span.depth]!, (children.get(transactionIds[span.depth]!) ?? 0) + 1);
  }
  return {
    errorsCount: trace.errorCount,
    performanceIssuesCount: 0,
    logsCount,
    metricsCount: 0,
    spansCount: trace.spans.length,
    spansCountMap,
    transactionChildCountMap: [...children].map(([eventId, count]) => ({ "transaction.event_id": eventId, "count()": count })),
  };
}
