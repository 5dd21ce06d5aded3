import { sql } from "kysely";
import { expect } from "vitest";
import { findEventsByTrace } from "@/server/events/find-events-by-trace";
import { execute, type SeedTarget } from "../seed-sql";
import { eventId, hour, minute, now, seedIssue, issueList, titlesIn, type Upgraded } from "../seed-world";

/** The trace of one checkout request that failed in both services, as digest stores it from 0018 on. */
const checkoutTrace = "0af7651916cd43dd8448eb211c80319c";
/** The trace id inside the payloads of the node fixtures the earlier seeds stored (digested before 0018). */
const fixtureTrace = "d1bb63710fb44a969d73d48e78fd1484";
const reservation = "Inventory reservation failed";
const basket = "Basket total mismatch";

/**
 * Events with a trace id (0018): one request's trace holds two events of a checkout issue and one of a
 * storefront issue; digest filled `events.trace_id` from their `contexts.trace`. Events of earlier seeds keep
 * a null trace id (no backfill; the migration says why).
 */
export async function seed(target: SeedTarget): Promise<void> {
  const traced = (name: string, at: number, message: string) => ({ fixture: "node-message.envelope", name, at, patch: { message, level: "error", contexts: { trace: { trace_id: checkoutTrace, span_id: "b7ad6b7169203331" } } } });
  await seedIssue(target, { project: "checkout", status: "unresolved", substatus: "new", culprit: "reserve", events: [traced("reserve-1", now - 3 * hour, reservation), traced("reserve-2", now - 3 * hour + minute, reservation)] });
  await seedIssue(target, { project: "storefront", status: "unresolved", substatus: "new", culprit: "basket", events: [traced("basket-1", now - 3 * hour + 2 * minute, basket)] });
  const names = ["reserve-1", "reserve-2", "basket-1"].map(eventId);
  await execute(target, sql`update events set trace_id = ${checkoutTrace} where event_id in (${sql.join(names)})`);
}

export async function check({ context }: Upgraded): Promise<void> {
  const events = await findEventsByTrace(context, { traceId: checkoutTrace });
  expect(events.map((event) => [event.eventId, event.projectSlug, event.issueTitle, event.level])).toEqual([
    [eventId("basket-1"), "storefront", basket, "error"],
    [eventId("reserve-2"), "checkout", reservation, "error"],
    [eventId("reserve-1"), "checkout", reservation, "error"],
  ]);
  expect(titlesIn(await issueList(context, { query: `trace:${checkoutTrace}` }), [reservation, basket]).sort()).toEqual([basket, reservation]);
  // An event stored before 0018 (0011's, written as digest wrote it then) carries the fixtures' trace in its
  // payload but has no trace id: not found (no backfill). Envelopes digested after the upgrade are found.
  const found = (await findEventsByTrace(context, { traceId: fixtureTrace })).map((event) => event.eventId);
  expect(found).not.toContain(eventId("slow-2"));
}
