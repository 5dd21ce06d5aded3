import { expect } from "vitest";
import { insertRow, insertRowReturningId, type SeedTarget } from "../seed-sql";
import { minute, hour, day, now, keys, titles, projectIdOf, seedIssue, projectBySlug, issueList, titlesIn, type Upgraded } from "../seed-world";

/** Index-only migration: issues of a second project in the all-projects list under every sort it serves. */
export async function seed(target: SeedTarget): Promise<void> {
  await insertRowReturningId(target, "projects", { slug: "storefront", name: "Storefront", platform: "javascript-react", created_at: now - 25 * day });
  const storefront = await projectIdOf(target, "storefront");
  await insertRow(target, "project_keys", { project_id: storefront, public_key: keys.storefront, label: "Default", created_at: now - 25 * day });
  const browserEvent = (name: string, at: number, message: string) => ({ fixture: "node-message.envelope", name, at, patch: { message, level: "error", platform: "javascript", release: "storefront@5.0.0", environment: "production" } });
  await seedIssue(target, { project: "storefront", status: "unresolved", substatus: "ongoing", culprit: "app/chunks", timesSeen: 1200, usersSeen: 310, firstSeen: now - 20 * day, events: [browserEvent("chunk-1", now - 30 * minute, titles.chunk)] });
  await seedIssue(target, { project: "storefront", status: "unresolved", substatus: "new", culprit: "layout", timesSeen: 40, usersSeen: 35, events: [browserEvent("resize-1", now - day, titles.resizeObserver), browserEvent("resize-2", now - 5 * hour, titles.resizeObserver)] });
}

export async function check({ context }: Upgraded): Promise<void> {
  const wanted = [titles.chunk, titles.resizeObserver, titles.price];
  expect(titlesIn(await issueList(context, { sort: "times_seen" }), wanted)).toEqual([titles.chunk, titles.resizeObserver, titles.price]);
  expect(titlesIn(await issueList(context, { sort: "users_seen" }), wanted)).toEqual([titles.chunk, titles.resizeObserver, titles.price]);
  expect(titlesIn(await issueList(context, { sort: "first_seen" }), wanted)).toEqual([titles.resizeObserver, titles.price, titles.chunk]);
  const storefront = await projectBySlug(context, "storefront");
  const unresolved = (await issueList(context, { projectId: storefront.id, query: "is:unresolved", sort: "times_seen" })).filter((issue) => wanted.includes(issue.title));
  expect(unresolved.map((issue) => [issue.title, issue.timesSeen, issue.usersSeen])).toEqual([
    [titles.chunk, 1200, 310],
    [titles.resizeObserver, 40, 35],
  ]);
}
