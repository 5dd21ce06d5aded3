import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { Insertable } from "kysely";
import type { EventsTable } from "../db/schema";
import type { GroupedEvent } from "../issues/assign-events-to-issues";
import type { NPlusOneQuery } from "./detect-n-plus-one";
import type { SpanInput } from "./read-spans";

/** The event type of performance issue occurrences (issues.type), and the category search and the API name. */
export const performanceEventType = "performance";
export const nPlusOneIssueType = "performance_n_plus_one_db_queries";
export const slowDbQueryIssueType = "performance_slow_db_query";

interface Occurrence {
  projectId: number;
  intakeId: number;
  receivedAt: number;
  /** The transaction's own event id: with the detector's hash it makes the occurrence's, so a retried envelope is not counted twice. */
  transactionEventId: string | null;
  segment: SpanInput;
  platform: string;
  userKey: string | null;
}

/** What one detector found: how it groups, how it reads, and what its event shows. */
interface Finding {
  issueType: string;
  /** Joined and hashed: occurrences with the same parts are one issue. */
  groupBy: string[];
  title: string;
  message: string;
  /** The span the finding is about (the N+1's parent, the slow query itself): the trace view highlights it. */
  spanId: string;
  spanOp: string;
  timestampMs: number;
  extra: Record<string, unknown>;
}

/**
 * An N+1 finding as an event of a performance issue: grouped by the transaction, the parent's op and the
 * statement (a second request of the same endpoint joins the issue), titled with the statement, its page
 * showing the offending spans (`extra`) and the trace, searchable as `issue.category:performance`.
 */
export function nPlusOneEvent(finding: NPlusOneQuery, occurrence: Occurrence): { row: Insertable<EventsTable>; grouped: GroupedEvent } {
  const transaction = occurrence.segment.segmentName ?? "<unlabeled transaction>";
  return performanceEvent(
    {
      issueType: nPlusOneIssueType,
      groupBy: ["n_plus_one_db_queries", transaction, finding.parent.op, finding.statement],
      title: `N+1 Query: ${finding.statement}`,
      message: `${finding.spans.length} sequential queries of ${finding.statement} in ${transaction}, ${(finding.totalUs / 1000).toFixed(1)} ms together`,
      spanId: finding.parent.spanId,
      spanOp: finding.parent.op,
      timestampMs: Math.round(finding.spans[0]!.startUs / 1000),
      extra: {
        "Issue type": "N+1 Query",
        "Parent span": `${finding.parent.op} — ${finding.parent.description ?? ""} (${finding.parent.spanId})`,
        "Repeating spans": finding.spans.length,
        "Total duration (ms)": Number((finding.totalUs / 1000).toFixed(1)),
        "Offending spans": finding.spans.map((span) => ({ span_id: span.spanId, description: span.description, duration_ms: Number((span.durationUs / 1000).toFixed(2)) })),
      },
    },
    occurrence,
  );
}

/** A SELECT slower than the project's threshold, as an event of the statement's slow query issue. */
export function slowDbQueryEvent(finding: { statement: string; span: SpanInput }, occurrence: Occurrence, thresholdUs: number): { row: Insertable<EventsTable>; grouped: GroupedEvent } {
  const transaction = occurrence.segment.segmentName ?? "<unlabeled transaction>";
  const ms = Number((finding.span.durationUs / 1000).toFixed(1));
  return performanceEvent(
    {
      issueType: slowDbQueryIssueType,
      groupBy: ["slow_db_query", finding.statement],
      title: `Slow DB Query: ${finding.statement}`,
      message: `${finding.statement} took ${ms} ms in ${transaction} (the project's threshold: ${thresholdUs / 1000} ms)`,
      spanId: finding.span.spanId,
      spanOp: finding.span.op,
      timestampMs: Math.round(finding.span.startUs / 1000),
      extra: {
        "Issue type": "Slow DB Query",
        "Duration (ms)": ms,
        "Threshold (ms)": thresholdUs / 1000,
        "Offending spans": [{ span_id: finding.span.spanId, description: finding.span.description, duration_ms: ms }],
      },
    },
    occurrence,
  );
}

function performanceEvent(finding: Finding, occurrence: Occurrence): { row: Insertable<EventsTable>; grouped: GroupedEvent } {
  const { segment } = occurrence;
  const transaction = segment.segmentName ?? "<unlabeled transaction>";
  const hash = md5(finding.groupBy.join("\u0000"));
  const eventId = md5(`${occurrence.transactionEventId ?? `${segment.traceId}${segment.spanId}`}\u0000${hash}`);
  const title = finding.title.slice(0, 200);
  const timestamp = finding.timestampMs;
  const tags: [string, string][] = [
    ["issue.category", "performance"],
    ["issue.type", finding.issueType],
    ["transaction", transaction],
    ...(occurrence.platform ? ([["platform", occurrence.platform]] as [string, string][]) : []),
  ];
  const event = {
    event_id: eventId,
    type: performanceEventType,
    level: "info",
    platform: occurrence.platform,
    timestamp: timestamp / 1000,
    transaction,
    release: segment.release ?? undefined,
    environment: segment.environment ?? undefined,
    message: finding.message,
    contexts: { trace: { trace_id: segment.traceId, span_id: finding.spanId, op: finding.spanOp } },
    tags,
    extra: finding.extra,
  };
  return {
    grouped: {
      projectId: occurrence.projectId,
      eventId,
      hashes: [hash],
      type: performanceEventType,
      title,
      culprit: transaction.slice(0, 200),
      level: "info",
      platform: occurrence.platform,
      timestamp,
      receivedAt: occurrence.receivedAt,
      release: segment.release,
      environment: segment.environment,
      userKey: occurrence.userKey,
      tags,
    },
    row: {
      project_id: occurrence.projectId,
      event_id: eventId,
      intake_id: occurrence.intakeId,
      type: performanceEventType,
      timestamp,
      received_at: occurrence.receivedAt,
      level: "info",
      platform: occurrence.platform,
      title,
      release: segment.release,
      environment: segment.environment,
      user_key: occurrence.userKey,
      trace_id: segment.traceId,
      payload: deflateSync(JSON.stringify(event)),
    },
  };
}

/** Sentry's issue type of a performance issue, from its title (each detector titles its issues its own way). */
export function performanceIssueTypeOf(title: string): string {
  return title.startsWith("Slow DB Query:") ? slowDbQueryIssueType : nPlusOneIssueType;
}

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}
