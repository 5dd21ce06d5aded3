import { sql } from "kysely";
import { expect } from "vitest";
import { digestBatch } from "@/server/digest/digest-batch";
import { getEventAttachment } from "@/server/events/get-event-attachment";
import { getIssueEvent } from "@/server/events/get-issue-event";
import { listEventAttachments } from "@/server/events/list-event-attachments";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { getIssueVolume } from "@/server/issues/get-issue-volume";
import { readResolution } from "@/server/issues/issue-status";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { loadDigestConfigs } from "@/server/projects/load-digest-configs";
import { storeFixtureEvent } from "../../support/event-envelopes";
import { execute, insertRow, selectValue, type SeedTarget } from "../seed-sql";
import { hour, day, now, eventId, titles, projectIdOf, seedIssue, projectBySlug, issueList, titlesIn, type Upgraded } from "../seed-world";

/** Issues, their hashes and counters, releases, activity; per-project grouping rules and retention. */
export async function seed(target: SeedTarget): Promise<void> {
  await execute(
    target,
    sql`update projects set fingerprint_rules = ${'message:"*maintenance window*" -> maintenance'}, stacktrace_rules = ${"path:**/node_modules/** -app"}, retention_days = ${30}, max_events_per_issue = ${5000} where slug = ${"checkout"}`,
  );
  const cartFrame = { exception: { values: [{ type: "TypeError", value: "Cannot read properties of undefined (reading 'price')", stacktrace: { frames: [{ filename: "/srv/checkout/src/cart.js", module: "cart", function: "computeTotal", lineno: 42, colno: 17, in_app: true }] } }] } };
  const price = await seedIssue(target, {
    project: "checkout",
    status: "unresolved",
    substatus: "ongoing",
    culprit: "cart in computeTotal",
    events: [
      { fixture: "node-exception.envelope", name: "price-1", at: now - 3 * day, patch: { ...cartFrame, release: "checkout@2.3.0", environment: "production", user: { id: "u-1" } } },
      { fixture: "node-exception.envelope", name: "price-2", at: now - day, patch: { ...cartFrame, release: "checkout@2.4.0", environment: "production", user: { id: "u-2" } } },
      { fixture: "node-exception.envelope", name: "price-3", at: now - hour, patch: { ...cartFrame, release: "checkout@2.4.0", environment: "production", user: { id: "u-1" } } },
    ],
  });
  const latest = await selectValue(target, sql<{ value: unknown }>`select intake_id as value from events where event_id = ${eventId("price-3")}`);
  const checkout = await projectIdOf(target, "checkout");
  await insertRow(target, "attachments", { project_id: checkout, event_id: eventId("price-3"), intake_id: latest, filename: "cart.json", content_type: "application/json", attachment_type: "event.attachment", size: 20, body: Buffer.from('{"items":[{"id":7}]}') });
  const timeout = await seedIssue(target, {
    project: "checkout",
    status: "resolved",
    substatus: null,
    resolution: { kind: "now" },
    culprit: "payments",
    events: [{ fixture: "node-message.envelope", name: "timeout-1", at: now - 2 * day, patch: { message: titles.paymentTimeout, level: "error", release: "checkout@2.3.0", environment: "production" } }],
  });
  await insertRow(target, "issue_activity", { issue_id: timeout.id, kind: "set_resolved", actor: "cli", data: null, created_at: now - 2 * day + hour });
  await seedIssue(target, {
    project: "checkout",
    status: "ignored",
    substatus: "archived_forever",
    ignoreCondition: { kind: "forever" },
    culprit: "cache",
    events: [{ fixture: "node-message.envelope", name: "cache-1", at: now - 4 * day, patch: { message: titles.cacheWarmUp, level: "warning", release: "checkout@2.3.0", environment: "staging" } }],
  });
  await insertRow(target, "issue_activity", { issue_id: price.id, kind: "set_unresolved", actor: "cli", data: null, created_at: now - 2 * day });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const checkout = await projectBySlug(context, "checkout");
  expect(checkout).toMatchObject({ fingerprint_rules: 'message:"*maintenance window*" -> maintenance', stacktrace_rules: "path:**/node_modules/** -app", retention_days: 30, max_events_per_issue: 5000 });
  const grouping = (await loadDigestConfigs(database.db, [checkout.id]))(checkout.id).grouping;
  expect([grouping.fingerprintRules.length, grouping.stacktraceRules.length]).toEqual([1, 1]);

  const unresolved = await loadIssueList(context, { projectId: checkout.id, query: undefined, sort: "last_seen", limit: 100 });
  const price = unresolved.issues.find((issue) => issue.title === titles.price);
  expect(price).toMatchObject({ status: "unresolved", substatus: "ongoing", level: "error", culprit: "cart in computeTotal", timesSeen: 3, usersSeen: 2, lastRelease: "checkout@2.4.0", projectSlug: "checkout" });
  expect(titlesIn(unresolved.issues, [titles.paymentTimeout, titles.cacheWarmUp])).toEqual([]);
  expect(titlesIn(await issueList(context, { projectId: checkout.id, query: "is:ignored" }), [titles.cacheWarmUp])).toEqual([titles.cacheWarmUp]);

  const details = await getIssueDetails(context, price!.id);
  expect(details.environments).toEqual([{ environment: "production", timesSeen: 3 }]);
  expect(details.eventCount).toBe(3);
  expect(details.hashes.length).toBeGreaterThan(0);
  expect(details.activity.map((entry) => entry.kind)).toContain("set_unresolved");
  const latest = await getIssueEvent(context, { projectId: checkout.id, issueId: price!.id, event: "latest" });
  expect(latest).toMatchObject({ eventId: eventId("price-3"), olderEventId: eventId("price-2"), newerEventId: null, oldestEventId: eventId("price-1") });
  expect((latest!.payload.exception as { values: { type: string }[] }).values[0]!.type).toBe("TypeError");
  expect((await getIssueVolume(context, price!.id, { range: "30d" })).total).toBe(3);
  expect((await getIssueVolume(context, price!.id, { range: "24h" })).total).toBe(1);
  const [attachment] = await listEventAttachments(context, { projectId: checkout.id, eventId: eventId("price-3") });
  const file = await getEventAttachment(context, { projectId: checkout.id, issueId: price!.id, eventId: eventId("price-3"), attachmentId: attachment!.id });
  expect(Buffer.from(file.body).toString("utf8")).toBe('{"items":[{"id":7}]}');

  // An issue resolved before the upgrade regresses when today's digest sees its error again.
  const resolved = (await issueList(context, { projectId: checkout.id, query: "is:resolved" })).find((issue) => issue.title === titles.paymentTimeout);
  expect(readResolution((await getIssueDetails(context, resolved!.id)).issue.resolution)).toEqual({ kind: "now" });
  await storeFixtureEvent(database.db, checkout.id, "node-message.envelope", (event) => Object.assign(event, { message: titles.paymentTimeout, level: "error", release: "checkout@2.4.0", environment: "production", timestamp: Date.now() / 1000 }));
  while ((await digestBatch(database)) > 0);
  const regressed = await getIssueDetails(context, resolved!.id);
  expect(regressed.issue).toMatchObject({ status: "unresolved", substatus: "regressed", times_seen: 2, last_release: "checkout@2.4.0" });
}
