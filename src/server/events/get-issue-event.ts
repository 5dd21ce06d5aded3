import { authorizeIssues, type AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { readEventPayload } from "./read-event-payload";
import type { IssueEvent } from "@/lib/views/events";
export type { IssueEvent } from "@/lib/views/events";

/** Which event of the issue: its newest, its oldest, or one by its (32-hex) event id. */
export type EventChoice = "latest" | "oldest" | { eventId: string };

interface GetIssueEventInput {
  projectId: number;
  issueId: number;
  event: EventChoice;
}

/**
 * One stored event of an issue with the ids around it, for the event navigation (Sentry's
 * `previousEventID`/`nextEventID`, here named by direction). Every lookup walks the
 * `events_issue_timestamp (issue_id, timestamp)` index; only the chosen event's payload is read.
 * Null when the issue has no stored event; AppError not_found for an event id it does not have.
 */
export async function getIssueEvent(context: AccessContext, { projectId, issueId, event }: GetIssueEventInput): Promise<IssueEvent | null> {
  await authorizeIssues(context, "event.read", [issueId]);
  const ofIssue = context.db.selectFrom("events").where("project_id", "=", projectId).where("issue_id", "=", issueId);
  const edge = (direction: "asc" | "desc") => ofIssue.select("event_id").orderBy("timestamp", direction).orderBy("id", direction).limit(1).executeTakeFirst();
  const chosen = ofIssue.select(["id", "event_id", "timestamp", "received_at", "group_hash", "payload"]);
  const row =
    typeof event === "string"
      ? await chosen.orderBy("timestamp", event === "latest" ? "desc" : "asc").orderBy("id", event === "latest" ? "desc" : "asc").limit(1).executeTakeFirst()
      : await chosen.where("event_id", "=", event.eventId.replaceAll("-", "").toLowerCase()).executeTakeFirst();
  if (!row) {
    if (typeof event === "string") return null;
    throw new AppError("not_found", `This issue has no event ${event.eventId}.`);
  }
  const [older, newer, oldest, latest] = await Promise.all([
    ofIssue
      .select("event_id")
      // The plain bound lets SQLite use the index as a range; the OR alone makes it walk the whole issue.
      .where("timestamp", "<=", row.timestamp)
      .where((eb) => eb.or([eb("timestamp", "<", row.timestamp), eb.and([eb("timestamp", "=", row.timestamp), eb("id", "<", row.id)])]))
      .orderBy("timestamp", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
    ofIssue
      .select("event_id")
      .where("timestamp", ">=", row.timestamp)
      .where((eb) => eb.or([eb("timestamp", ">", row.timestamp), eb.and([eb("timestamp", "=", row.timestamp), eb("id", ">", row.id)])]))
      .orderBy("timestamp", "asc")
      .orderBy("id", "asc")
      .limit(1)
      .executeTakeFirst(),
    event === "oldest" ? { event_id: row.event_id } : edge("asc"),
    event === "latest" ? { event_id: row.event_id } : edge("desc"),
  ]);
  return {
    id: row.id,
    eventId: row.event_id,
    timestamp: row.timestamp,
    receivedAt: row.received_at,
    groupHash: row.group_hash,
    payload: readEventPayload(row.payload),
    olderEventId: older?.event_id ?? null,
    newerEventId: newer?.event_id ?? null,
    oldestEventId: oldest?.event_id ?? row.event_id,
    latestEventId: latest?.event_id ?? row.event_id,
  };
}
