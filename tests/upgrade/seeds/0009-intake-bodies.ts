import { expect } from "vitest";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { fixtureEvent, insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { minute, now, eventId, projectIdOf, intakeRow, projectBySlug, issueList, type Upgraded } from "../seed-world";

/** Envelope bodies in intake_bodies: one waiting for digest, from the browser SDK. */
export async function seed(target: SeedTarget): Promise<void> {
  const storefront = await projectIdOf(target, "storefront");
  const at = now - 15 * minute;
  const crash = fixtureEvent("browser-nextjs-unhandled-error.envelope", at, (event) => Object.assign(event, { event_id: eventId("storefront-crash"), timestamp: at / 1000 }));
  const intakeId = await insertRowReturningId(target, "intake", { ...intakeRow(storefront, crash, at, { client_ip: "198.51.100.23" }), sdk_name: "sentry.javascript.nextjs" });
  await insertRow(target, "intake_bodies", { intake_id: intakeId, body: crash.envelope });
}

export async function check({ context }: Upgraded): Promise<void> {
  const storefront = await projectBySlug(context, "storefront");
  const received = (await listReceivedEnvelopes(context, storefront.id, { limit: 200 })).find((envelope) => envelope.eventId === eventId("storefront-crash"));
  expect(received).toMatchObject({ itemTypes: ["event"], sdkName: "sentry.javascript.nextjs" });
  expect((await getReceivedEnvelope(context, storefront.id, received!.id))!.text).toContain(eventId("storefront-crash"));
  const crash = (await issueList(context, { projectId: storefront.id })).find((issue) => issue.title === received!.summary);
  const event = await getIssueEvent(context, { projectId: storefront.id, issueId: crash!.id, event: { eventId: eventId("storefront-crash") } });
  expect(event!.payload).toMatchObject({ platform: "javascript", sdk: { name: "sentry.javascript.nextjs" } });
}
