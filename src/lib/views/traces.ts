/** What src/server/traces hands to the trace page and the API, as plain data. */

/** An error event of a trace, pinned to the span it happened in when that span is in the trace. */
export interface TraceErrorView {
  eventId: string;
  projectId: number;
  projectSlug: string;
  issueId: number;
  issueTitle: string;
  culprit: string;
  level: string;
  /** Epoch milliseconds. */
  timestamp: number;
  /** `contexts.trace.span_id` of the event (16 hex), or null. */
  spanId: string | null;
  /** The event page in the dashboard. */
  path: string;
}

/** One span in tree order: `depth` below its root, how many spans sit directly under it. */
export interface TraceSpanView {
  spanId: string;
  parentSpanId: string | null;
  depth: number;
  childCount: number;
  projectId: number;
  projectSlug: string;
  op: string;
  /** The description as sent (untrusted text). */
  description: string | null;
  /** The transaction (segment) it belongs to. */
  segmentName: string | null;
  isSegment: boolean;
  /** Epoch microseconds. */
  startUs: number;
  durationUs: number;
  status: string;
  isFailed: boolean;
  release: string | null;
  environment: string | null;
  /** Everything else the SDK sent for the span: attributes, data, tags, measurements. */
  extra: Record<string, unknown>;
  errors: TraceErrorView[];
}

export interface TraceView {
  traceId: string;
  /** Every span in tree order (depth first, children by start time); roots are spans whose parent is not in the trace. */
  spans: TraceSpanView[];
  /** Errors whose span is not in the trace (or that name no span). */
  unpinnedErrors: TraceErrorView[];
  errorCount: number;
  /** True when the trace holds more spans than the views read (`maxSpans`). */
  isCapped: boolean;
  maxSpans: number;
  /** The trace's time axis, epoch microseconds. */
  startUs: number;
  endUs: number;
}
