import { expect } from "vitest";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { ensureInternalProject } from "@/server/projects/ensure-internal-project";
import { listProjectKeys } from "@/server/projects/keys/list-project-keys";
import { listProjects } from "@/server/projects/list-projects";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { minute, hour, day, now, eventId, keys, intakeRow, checkoutEvent, issueTitled, type Upgraded } from "../seed-world";

/** Projects, their client keys, and raw envelopes that were never digested (there was no digest yet). */
export async function seed(target: SeedTarget): Promise<void> {
  const created = now - 30 * day;
  const checkout = await insertRowReturningId(target, "projects", { slug: "checkout", name: "Checkout", platform: "node", is_internal: 0, created_at: created });
  const lantern = await insertRowReturningId(target, "projects", { slug: "lantern", name: "Lantern", platform: "javascript-nextjs", is_internal: 1, created_at: created });
  await insertRow(target, "project_keys", { project_id: checkout, public_key: keys.checkoutRetired, label: "Retired", is_active: 0, created_at: created });
  await insertRow(target, "project_keys", { project_id: checkout, public_key: keys.checkout, label: "Default", is_active: 1, created_at: created + day });
  await insertRow(target, "project_keys", { project_id: lantern, public_key: keys.lantern, label: "Default", is_active: 1, created_at: created });
  const waiting = [
    checkoutEvent("node-exception.envelope", "checkout-failed", now - 2 * hour, {}),
    checkoutEvent("node-message.envelope", "nightly-export", now - 90 * minute, {}),
  ];
  for (const [index, event] of waiting.entries()) {
    const at = now - 2 * hour + index * 30 * minute;
    await insertRow(target, "intake", { ...intakeRow(checkout, event, at), body: event.envelope });
  }
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const projects = await listProjects(context);
  const checkout = projects.find((project) => project.slug === "checkout");
  expect(checkout).toMatchObject({ name: "Checkout", platform: "node", isInternal: false, publicKey: keys.checkout });
  expect(projects.find((project) => project.slug === "lantern")).toMatchObject({ name: "Lantern", isInternal: true, publicKey: keys.lantern });
  // `lantern start` finds the internal project it made before the upgrade instead of making another.
  expect((await ensureInternalProject(database.db)).projectId).toBe(projects.find((project) => project.slug === "lantern")!.id);
  expect((await listProjectKeys(database.db, checkout!.id)).map((key) => [key.label, key.public_key, key.is_active])).toEqual([
    ["Retired", keys.checkoutRetired, 0],
    ["Default", keys.checkout, 1],
  ]);

  const received = await listReceivedEnvelopes(context, checkout!.id, { limit: 200 });
  const failed = received.find((envelope) => envelope.eventId === eventId("checkout-failed"));
  expect(failed).toMatchObject({ itemTypes: ["event"], summary: "Error: Checkout failed", sdkName: "sentry.javascript.node" });
  expect(received.find((envelope) => envelope.eventId === eventId("nightly-export"))).toMatchObject({ summary: "Nightly export finished with warnings" });
  expect((await getReceivedEnvelope(context, checkout!.id, failed!.id))!.text).toContain("Checkout failed");

  // Received before any digest existed, digested by today's after the upgrade.
  const issue = await issueTitled(context, checkout!.id, "Error: Checkout failed");
  const event = await getIssueEvent(context, { projectId: checkout!.id, issueId: issue.id, event: { eventId: eventId("checkout-failed") } });
  expect((event!.payload.exception as { values: { type: string }[] }).values.map((value) => value.type)).toEqual(["TypeError", "Error"]);
  expect(await issueTitled(context, checkout!.id, "Nightly export finished with warnings")).toMatchObject({ level: "warning", status: "unresolved", lastRelease: "checkout@2.4.0" });
}
