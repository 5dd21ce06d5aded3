import { expect } from "vitest";
import { listIssueEvents } from "@/server/events/list-issue-events";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { pruneEvents } from "@/server/issues/prune-events";
import { type SeedTarget } from "../seed-sql";
import { day, now, eventId, titles, seedIssue, projectBySlug, issueTitled, type Upgraded } from "../seed-world";

/**
 * The events index retention walks (project, timestamp, id): an issue whose events span more than the
 * project's 30 days, which today's retention prunes after the upgrade, keeping its first and newest.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const event = (name: string, daysAgo: number) => ({ fixture: "node-message.envelope", name, at: now - daysAgo * day, patch: { message: titles.slowQuery, level: "warning", release: "checkout@2.3.0", environment: "production" } });
  await seedIssue(target, { project: "checkout", status: "unresolved", substatus: "ongoing", culprit: "db", events: [event("slow-45", 45), event("slow-40", 40), event("slow-35", 35), event("slow-2", 2)] });
}

export async function check({ database, config, context }: Upgraded): Promise<void> {
  const checkout = await projectBySlug(context, "checkout");
  const slow = await issueTitled(context, checkout.id, titles.slowQuery);
  await pruneEvents(database, config.retention);
  const kept = await listIssueEvents(context, { issueId: slow.id, limit: 100 });
  expect(kept.events.map((event) => event.eventId)).toEqual([eventId("slow-2"), eventId("slow-45")]);
  const details = await getIssueDetails(context, slow.id);
  expect([details.issue.times_seen, details.eventCount]).toEqual([4, 2]);
  // The other issues of the project hold only events younger than its 30 days: all kept.
  const price = await issueTitled(context, checkout.id, titles.price);
  expect((await getIssueDetails(context, price.id)).eventCount).toBe(3);
}
