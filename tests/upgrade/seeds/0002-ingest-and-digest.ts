import { sql } from "kysely";
import { expect } from "vitest";
import { listEventAttachments } from "@/server/events/list-event-attachments";
import { readEventPayload } from "@/server/events/read-event-payload";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { listProjectKeys } from "@/server/projects/keys/list-project-keys";
import { execute, insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { minute, hour, now, eventId, keys, projectIdOf, intakeRow, checkoutEvent, eventRow, projectBySlug, type Upgraded } from "../seed-world";

/** Digest state, per-key rate limits, and what digest stored before issues existed. */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  await execute(target, sql`update project_keys set rate_limit_count = ${600}, rate_limit_window_seconds = ${60} where public_key = ${keys.checkout}`);
  const at = now - 5 * hour;
  const refund = checkoutEvent("node-message.envelope", "refund-retried", at, { message: "Refund webhook retried", level: "info" });
  const intakeId = await insertRowReturningId(target, "intake", { ...intakeRow(checkout, refund, at, { item_types: "event,attachment,user_report", digested_at: at + 150, digest_error: null, client_ip: "203.0.113.7" }), body: refund.envelope });
  await insertRow(target, "events", eventRow(checkout, intakeId, refund, at));
  await insertRow(target, "attachments", { project_id: checkout, event_id: eventId("refund-retried"), intake_id: intakeId, filename: "webhook-request.json", content_type: "application/json", attachment_type: "event.attachment", size: 27, body: Buffer.from('{"refund":"re_3","try":2}\n\n') });
  const feedback = { event_id: eventId("refund-retried"), name: "Grace", email: "grace@example.com", comments: "My refund shows twice." };
  await insertRow(target, "stored_items", { project_id: checkout, intake_id: intakeId, item_index: 2, type: "user_report", event_id: eventId("refund-retried"), received_at: at, payload: Buffer.from(JSON.stringify(feedback)) });
  const broken = Buffer.from('{"event_id":"' + eventId("not-json") + '"}\n{"type":"event"}\n{"message": "cut off');
  await insertRow(target, "intake", { project_id: checkout, received_at: at + minute, event_id: eventId("not-json"), item_types: "event", summary: null, sdk_name: null, body_bytes: broken.length, body: broken, digested_at: at + minute + 100, digest_error: "event: the item is not JSON", client_ip: "198.51.100.4" });
  const sessionHour = at - (at % hour);
  for (const [status, quantity] of [["exited", 412], ["errored", 9], ["crashed", 1]] as const) {
    await insertRow(target, "session_counts", { project_id: checkout, release: "checkout@2.3.0", environment: "production", hour: sessionHour, status, quantity });
  }
  await insertRow(target, "outcomes", { project_id: checkout, hour: sessionHour, outcome: "client_discard", reason: "before_send", category: "error", quantity: 17 });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const { db } = database;
  const checkout = await projectBySlug(context, "checkout");
  expect((await listProjectKeys(db, checkout.id)).find((key) => key.public_key === keys.checkout)).toMatchObject({ rate_limit_count: 600, rate_limit_window_seconds: 60 });
  // Digested rows stay digested: today's digest neither repeats nor retries them.
  const intake = await db.selectFrom("intake").select(["id", "event_id", "digested_at", "digest_error", "client_ip"]).where("event_id", "in", [eventId("refund-retried"), eventId("not-json")]).orderBy("id").execute();
  const at = now - 5 * hour;
  expect(intake.map((row) => ({ event_id: row.event_id, digested_at: row.digested_at, digest_error: row.digest_error, client_ip: row.client_ip }))).toEqual([
    { event_id: eventId("refund-retried"), digested_at: at + 150, digest_error: null, client_ip: "203.0.113.7" },
    { event_id: eventId("not-json"), digested_at: at + minute + 100, digest_error: "event: the item is not JSON", client_ip: "198.51.100.4" },
  ]);
  expect((await getReceivedEnvelope(context, checkout.id, intake[1]!.id))!.text).toContain('"message": "cut off');
  expect((await listReceivedEnvelopes(context, checkout.id, { limit: 200 })).find((row) => row.id === intake[0]!.id)).toMatchObject({ itemTypes: ["event", "attachment", "user_report"] });
  // Its event was stored before issues existed (0003 gave it none), and is still readable.
  const events = await db.selectFrom("events").select(["issue_id", "title", "payload"]).where("event_id", "=", eventId("refund-retried")).execute();
  expect(events).toHaveLength(1);
  expect(events[0]).toMatchObject({ issue_id: null, title: "Refund webhook retried" });
  expect(readEventPayload(events[0]!.payload)).toMatchObject({ event_id: eventId("refund-retried"), level: "info" });
  expect(await listEventAttachments(context, { projectId: checkout.id, eventId: eventId("refund-retried") })).toEqual([
    { id: expect.any(Number), filename: "webhook-request.json", contentType: "application/json", attachmentType: "event.attachment", size: 27 },
  ]);
  const stored = await db.selectFrom("stored_items").select(["type", "payload"]).where("event_id", "=", eventId("refund-retried")).execute();
  expect(stored.map((item) => [item.type, JSON.parse(Buffer.from(item.payload).toString("utf8")) as unknown])).toEqual([["user_report", expect.objectContaining({ comments: "My refund shows twice." })]]);
  const sessions = await db.selectFrom("session_counts").select(["status", "quantity"]).where("project_id", "=", checkout.id).where("release", "=", "checkout@2.3.0").orderBy("status").execute();
  expect(sessions).toEqual([
    { status: "crashed", quantity: 1 },
    { status: "errored", quantity: 9 },
    { status: "exited", quantity: 412 },
  ]);
  expect(await db.selectFrom("outcomes").select(["outcome", "reason", "category", "quantity"]).where("project_id", "=", checkout.id).execute()).toEqual([
    { outcome: "client_discard", reason: "before_send", category: "error", quantity: 17 },
  ]);
}
