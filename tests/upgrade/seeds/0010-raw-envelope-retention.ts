import { gzipSync } from "node:zlib";
import { expect } from "vitest";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { pruneRawEnvelopes } from "@/server/storage/raw-prune-envelopes";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { checkoutEvent, eventId, intakeRow, issueTitled, minute, now, projectBySlug, projectIdOf, titles, type Upgraded } from "../seed-world";

/**
 * Raw envelopes as a short-lived buffer: bodies stored gzip (`intake_bodies.encoding`), as ingest keeps them
 * from this version on; one waiting for digest, one digested a few minutes ago.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const waiting = checkoutEvent("node-message.envelope", "inventory-sync", now - 10 * minute, { message: titles.inventorySync, level: "error" });
  const waitingId = await insertRowReturningId(target, "intake", intakeRow(checkout, waiting, now - 10 * minute, { client_ip: "203.0.113.7" }));
  await insertRow(target, "intake_bodies", { intake_id: waitingId, body: gzipSync(waiting.envelope), encoding: "gzip" });
  const digested = checkoutEvent("node-message.envelope", "coupon-expired", now - 20 * minute, { message: "Coupon expired at checkout", level: "info" });
  const digestedId = await insertRowReturningId(target, "intake", intakeRow(checkout, digested, now - 20 * minute, { client_ip: "203.0.113.7", digested_at: now - 20 * minute + 90, digest_error: null }));
  await insertRow(target, "intake_bodies", { intake_id: digestedId, body: gzipSync(digested.envelope), encoding: "gzip" });
}

export async function check({ database, config, context }: Upgraded): Promise<void> {
  const checkout = await projectBySlug(context, "checkout");
  const receivedOf = async (name: string) => (await listReceivedEnvelopes(context, checkout.id, { limit: 200 })).find((envelope) => envelope.eventId === eventId(name));
  const waiting = await receivedOf("inventory-sync");
  expect((await getReceivedEnvelope(context, checkout.id, waiting!.id))!.text).toContain(titles.inventorySync);
  expect((await getReceivedEnvelope(context, checkout.id, (await receivedOf("coupon-expired"))!.id))!.text).toContain("Coupon expired at checkout");
  // Digested by today's digest from its gzip body.
  const issue = await issueTitled(context, checkout.id, titles.inventorySync);
  expect((await getIssueEvent(context, { projectId: checkout.id, issueId: issue.id, event: "latest" }))!.eventId).toBe(eventId("inventory-sync"));

  // Raw retention over the upgraded data: digested envelopes older than the window go (those of the issues
  // seeded days ago, in whichever layout their version stored them); the events they became stay.
  await pruneRawEnvelopes(database, config.retention);
  const { db } = database;
  const oldest = await db.selectFrom("intake").select((eb) => eb.fn.min("received_at").as("at")).where("digested_at", "is not", null).executeTakeFirstOrThrow();
  expect(Number(oldest.at)).toBeGreaterThanOrEqual(Date.now() - config.retention.rawHours * 3_600_000 - minute);
  const bodies = await db.selectFrom("intake_bodies").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await db.selectFrom("intake").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  expect(Number(bodies.n)).toBe(Number(rows.n));
  expect(await receivedOf("coupon-expired")).toBeDefined();
  const price = await issueTitled(context, checkout.id, titles.price);
  expect((await getIssueEvent(context, { projectId: checkout.id, issueId: price.id, event: "oldest" }))!.eventId).toBe(eventId("price-1"));
}
