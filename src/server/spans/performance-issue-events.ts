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

/**
 * An N+1 finding as an event of a performance issue: grouped by the transaction, the parent's op and the
 * statement (a second request of the same endpoint joins the issue), titled with the statement, its page
 * showing the offending spans (`extra`) and the trace, searchable as `issue.category:performance`.
 */
export function nPlusOneEvent(finding: NPlusOneQuery, occurrence: Occurrence): { row: Insertable<EventsTable>; grouped: GroupedEvent } {
  const { segment } = occurrence;
  const transaction = segment.segmentName ?? "<unlabeled transaction>";
  const hash = md5(["n_plus_one_db_queries", transaction, finding.parent.op, finding.statement].join("\u0000"));
  const eventId = md5(`${occurrence.transactionEventId ?? `${segment.traceId}${segment.spanId}`}\u0000${hash}`);
  const title = `N+1 Query: ${finding.statement}`.slice(0, 200);
  const timestamp = Math.round(finding.spans[0]!.startUs / 1000);
  const tags: [string, string][] = [
    ["issue.category", "performance"],
    ["issue.type", nPlusOneIssueType],
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
    message: `${finding.spans.length} sequential queries of ${finding.statement} in ${transaction}, ${(finding.totalUs / 1000).toFixed(1)} ms together`,
    contexts: { trace: { trace_id: segment.traceId, span_id: finding.parent.spanId, op: finding.parent.op } },
    tags,
    extra: {
      "Issue type": "N+1 Query",
      "Parent span": `${finding.parent.op} — ${finding.parent.description ?? ""} (${finding.parent.spanId})`,
      "Repeating spans": finding.spans.length,
      "Total duration (ms)": Number((finding.totalUs / 1000).toFixed(1)),
      "Offending spans": finding.spans.map((span) => ({ span_id: span.spanId, description: span.description, duration_ms: Number((span.durationUs / 1000).toFixed(2)) })),
    },
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

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}
