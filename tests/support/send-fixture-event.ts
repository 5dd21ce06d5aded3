import { digestBatch } from "@/server/digest/digest-batch";
import { storeFixtureEvent, type EventPatch } from "./event-envelopes";
import type { TestDatabase } from "./test-database";

/** Stores one real captured event (patched), digests it, and returns its event id and issue. */
export async function sendFixtureEvent(database: TestDatabase, projectId: number, patch: EventPatch, fixture = "node-exception.envelope"): Promise<{ eventId: string; issueId: number }> {
  let eventId = "";
  await storeFixtureEvent(database.db, projectId, fixture, (event) => {
    patch(event);
    eventId = event.event_id as string;
  });
  await digestBatch(database);
  const row = await database.db.selectFrom("events").select("issue_id").where("event_id", "=", eventId).executeTakeFirstOrThrow();
  return { eventId, issueId: Number(row.issue_id) };
}
