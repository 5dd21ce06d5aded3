import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import type { Insertable, Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Dialect } from "../db/create-database";
import type { Database, EventsTable } from "../db/schema";
import { issueCategoryOf } from "@/lib/issue-types";
import { assignEventsToIssues, type GroupedEvent } from "./assign-events-to-issues";
import { recordActivity } from "./record-activity";

/**
 * A failure Lantern noticed itself (a missed cron check-in, a site that is down) as an event of an issue of
 * its own type, so it has the lifecycle, search (`issue.category:cron`), alerts and pages of every issue.
 */
export interface GeneratedOccurrence {
  projectId: number;
  /** Derived from what failed (the check-in, the check), so the same failure stored twice is counted once. */
  eventId: string;
  /** cronIssueType or uptimeIssueType (lib/issue-types). */
  issueType: string;
  /** Joined and hashed: occurrences with the same parts are one issue (a monitor in one environment). */
  groupBy: string[];
  title: string;
  message: string;
  culprit: string;
  level: "error" | "warning";
  timestampMs: number;
  receivedAt: number;
  environment: string | null;
  release: string | null;
  traceId: string | null;
  /** Tags besides `issue.category` and `issue.type`, which every occurrence gets. */
  tags: [string, string][];
  contexts: Record<string, unknown>;
  extra: Record<string, unknown>;
}

export interface GeneratedEvent {
  row: Insertable<EventsTable>;
  grouped: GroupedEvent;
}

export function generatedGroupHash(groupBy: string[]): string {
  return md5(groupBy.join("\u0000"));
}

/** A stable event id from the parts that make one failure (32 hex digits). */
export function generatedEventId(...parts: (string | number)[]): string {
  return md5(parts.join("\u0000"));
}

export function generatedIssueEvent(occurrence: GeneratedOccurrence): GeneratedEvent {
  const title = occurrence.title.slice(0, 200);
  const tags: [string, string][] = [["issue.category", issueCategoryOf(occurrence.issueType)], ["issue.type", occurrence.issueType], ...occurrence.tags];
  const event = {
    event_id: occurrence.eventId,
    type: occurrence.issueType,
    level: occurrence.level,
    platform: "other",
    timestamp: occurrence.timestampMs / 1000,
    release: occurrence.release ?? undefined,
    environment: occurrence.environment ?? undefined,
    message: occurrence.message,
    culprit: occurrence.culprit,
    contexts: { ...occurrence.contexts, ...(occurrence.traceId ? { trace: { trace_id: occurrence.traceId } } : {}) },
    tags,
    extra: occurrence.extra,
  };
  return {
    grouped: {
      projectId: occurrence.projectId,
      eventId: occurrence.eventId,
      hashes: [generatedGroupHash(occurrence.groupBy)],
      type: occurrence.issueType,
      title,
      culprit: occurrence.culprit.slice(0, 200),
      level: occurrence.level,
      platform: "other",
      timestamp: occurrence.timestampMs,
      receivedAt: occurrence.receivedAt,
      release: occurrence.release,
      environment: occurrence.environment,
      userKey: null,
      tags,
    },
    row: {
      project_id: occurrence.projectId,
      event_id: occurrence.eventId,
      // Nothing was received: no envelope holds this event.
      intake_id: 0,
      type: occurrence.issueType,
      timestamp: occurrence.timestampMs,
      received_at: occurrence.receivedAt,
      level: occurrence.level,
      platform: "other",
      title,
      release: occurrence.release,
      environment: occurrence.environment,
      user_key: null,
      trace_id: occurrence.traceId,
      payload: deflateSync(JSON.stringify(event)),
    },
  };
}

/**
 * Puts events into their issues (counters, regressions, alerts: assignEventsToIssues) and stores them, in the
 * caller's write transaction. Returns each event's issue id, or null for an event id the project already has.
 */
export async function storeEvents(trx: Kysely<Database>, dialect: Dialect, events: GeneratedEvent[]): Promise<(number | null)[]> {
  if (events.length === 0) return [];
  const assignments = await assignEventsToIssues(trx, dialect, events.map((event) => event.grouped));
  const rows = events.flatMap(({ row }, index) => {
    const assignment = assignments[index];
    return assignment ? [{ ...row, issue_id: assignment.issueId, group_hash: assignment.groupHash }] : [];
  });
  for (const chunk of chunks(rows)) {
    await trx.insertInto("events").values(chunk).onConflict((conflict) => conflict.columns(["project_id", "event_id"]).doNothing()).execute();
  }
  return assignments.map((assignment) => assignment?.issueId ?? null);
}

/**
 * Resolves the unresolved issue a generated failure opened, once what failed works again (a cron monitor's
 * recovery threshold, an uptime monitor's first good check); the next failure reopens it as a regression.
 * Returns the issue's id, or null when there was none open.
 */
export async function resolveGeneratedIssue(trx: Kysely<Database>, projectId: number, groupBy: string[], reason: string): Promise<number | null> {
  const owner = await trx.selectFrom("issue_hashes").select("issue_id").where("project_id", "=", projectId).where("hash", "=", generatedGroupHash(groupBy)).executeTakeFirst();
  if (!owner) return null;
  const issueId = Number(owner.issue_id);
  const resolved = await trx
    .updateTable("issues")
    .set({ status: "resolved", substatus: null, resolution: JSON.stringify({ kind: "now" }), ignore_condition: null, status_changed_at: Date.now() })
    .where("id", "=", issueId)
    .where("status", "=", "unresolved")
    .executeTakeFirst();
  if (Number(resolved.numUpdatedRows) === 0) return null;
  await recordActivity(trx, issueId, "set_resolved", "system", { reason });
  return issueId;
}

function md5(text: string): string {
  return createHash("md5").update(text).digest("hex");
}
