import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { readEventPayload } from "../../events/read-event-payload";
import type { SerializableEvent } from "./serialize-event";

/**
 * The stored events with these row ids, ready for serializeEvent (neighbours left null): one query, each
 * payload inflated once. Used for single events (after getIssueEvent chose one) and `full=true` pages.
 */
export async function loadSerializableEvents(db: Kysely<Database>, rowIds: number[]): Promise<Map<number, SerializableEvent>> {
  const events = new Map<number, SerializableEvent>();
  if (rowIds.length === 0) return events;
  const rows = await db
    .selectFrom("events")
    .select(["id", "event_id", "project_id", "issue_id", "timestamp", "received_at", "title", "type", "level", "platform", "release", "environment", "user_key", "group_hash", "payload"])
    .where("id", "in", rowIds)
    .execute();
  for (const row of rows) {
    events.set(Number(row.id), {
      eventId: row.event_id,
      projectId: Number(row.project_id),
      issueId: row.issue_id === null ? null : Number(row.issue_id),
      timestamp: Number(row.timestamp),
      receivedAt: Number(row.received_at),
      title: row.title,
      type: row.type,
      level: row.level,
      platform: row.platform,
      release: row.release,
      environment: row.environment,
      userKey: row.user_key,
      groupHash: row.group_hash,
      size: row.payload.byteLength,
      payload: readEventPayload(row.payload),
      olderEventId: null,
      newerEventId: null,
    });
  }
  return events;
}
