import { sql } from "kysely";
import { expect } from "vitest";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { loadDigestConfigs } from "@/server/projects/load-digest-configs";
import { execute, insertRow, type SeedTarget } from "../seed-sql";
import { minute, now, eventId, projectIdOf, intakeRow, checkoutEvent, projectBySlug, issueTitled, type Upgraded } from "../seed-world";

/** Per-project data scrubbing, and an envelope waiting for digest with data to scrub. */
export async function seed(target: SeedTarget): Promise<void> {
  await execute(target, sql`update projects set scrub_extra_keys = ${"loyalty_pin"}, scrub_safe_fields = ${"session_region"}, scrub_ip_addresses = ${1} where slug = ${"checkout"}`);
  const checkout = await projectIdOf(target, "checkout");
  const at = now - 40 * minute;
  const declined = checkoutEvent("node-message.envelope", "card-declined", at, { message: "Card declined", level: "error", extra: { loyalty_pin: "4321", session_region: "eu-west", card_number: "4111111111111111" } });
  await insertRow(target, "intake", { ...intakeRow(checkout, declined, at, { client_ip: "203.0.113.7" }), body: declined.envelope });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const checkout = await projectBySlug(context, "checkout");
  expect((await loadDigestConfigs(database.db, [checkout.id]))(checkout.id).scrubbing).toEqual({ isEnabled: true, extraKeys: ["loyalty_pin"], safeFields: ["session_region"], scrubIpAddresses: true, scrubEmails: false });
  const declined = await issueTitled(context, checkout.id, "Card declined");
  const event = await getIssueEvent(context, { projectId: checkout.id, issueId: declined.id, event: { eventId: eventId("card-declined") } });
  expect(event!.payload.extra).toEqual({ loyalty_pin: "[Filtered]", session_region: "eu-west", card_number: "[Filtered]" });
  const received = (await listReceivedEnvelopes(context, checkout.id, { limit: 200 })).find((envelope) => envelope.eventId === eventId("card-declined"));
  const shown = (await getReceivedEnvelope(context, checkout.id, received!.id))!.text;
  expect(shown).not.toContain("4111111111111111");
  expect(shown).not.toContain("4321");
}
