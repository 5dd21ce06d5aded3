import type { Kysely } from "kysely";
import type { Database, IssueRow } from "../db/schema";
import type { JsonObject } from "../digest/read-values";
import { readEventPayload } from "../events/read-event-payload";
import { getIssue } from "./get-issue";

const hourMs = 3_600_000;

export interface IssueDetails {
  issue: IssueRow;
  project: { id: number; slug: string; name: string };
  /** Events per hour over the last 24 hours, oldest first. */
  hourly: { hour: number; count: number }[];
  environments: { environment: string; timesSeen: number }[];
  hashes: { hash: string; originIssueId: number }[];
  activity: { id: number; kind: string; actor: string; data: Record<string, unknown> | null; createdAt: number }[];
  /** The newest event (or the one asked for) with its stored payload. */
  event: { eventId: string; timestamp: number; groupHash: string | null; payload: JsonObject } | null;
  eventCount: number;
}

/** Everything the issue page shows; the only payload it reads is the one event on display. */
export async function getIssueDetails(db: Kysely<Database>, issueId: number, options: { eventId?: string; now?: number } = {}): Promise<IssueDetails> {
  const issue = await getIssue(db, issueId);
  const project = await db.selectFrom("projects").select(["id", "slug", "name"]).where("id", "=", issue.project_id).executeTakeFirstOrThrow();
  const now = options.now ?? Date.now();
  const lastHour = now - (now % hourMs);
  const counts = await db.selectFrom("issue_hourly_counts").select(["hour", "count"]).where("issue_id", "=", issue.id).where("hour", ">", lastHour - 24 * hourMs).execute();
  const countByHour = new Map(counts.map((row) => [row.hour, row.count]));
  const hourly = Array.from({ length: 24 }, (_, index) => {
    const hour = lastHour - (23 - index) * hourMs;
    return { hour, count: countByHour.get(hour) ?? 0 };
  });
  const environments = await db.selectFrom("issue_environments").select(["environment", "times_seen as timesSeen"]).where("issue_id", "=", issue.id).orderBy("times_seen", "desc").execute();
  const hashes = await db.selectFrom("issue_hashes").select(["hash", "origin_issue_id as originIssueId"]).where("issue_id", "=", issue.id).orderBy("hash").execute();
  const activity = await db.selectFrom("issue_activity").selectAll().where("issue_id", "=", issue.id).orderBy("id", "desc").limit(100).execute();
  let eventQuery = db.selectFrom("events").select(["event_id", "timestamp", "group_hash", "payload"]).where("issue_id", "=", issue.id);
  eventQuery = options.eventId ? eventQuery.where("event_id", "=", options.eventId) : eventQuery.orderBy("timestamp", "desc").orderBy("id", "desc").limit(1);
  const event = await eventQuery.executeTakeFirst();
  const { total } = await db.selectFrom("events").select((eb) => eb.fn.countAll<number>().as("total")).where("issue_id", "=", issue.id).executeTakeFirstOrThrow();
  return {
    issue,
    project,
    hourly,
    environments,
    hashes,
    activity: activity.map((row) => ({ id: row.id, kind: row.kind, actor: row.actor, data: row.data ? (JSON.parse(row.data) as Record<string, unknown>) : null, createdAt: row.created_at })),
    event: event ? { eventId: event.event_id, timestamp: event.timestamp, groupHash: event.group_hash, payload: readEventPayload(event.payload) } : null,
    eventCount: Number(total),
  };
}
