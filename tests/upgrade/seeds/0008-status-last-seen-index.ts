import { expect } from "vitest";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { readIgnoreCondition, readResolution } from "@/server/issues/issue-status";
import { type SeedTarget } from "../seed-sql";
import { minute, now, titles, seedIssue, issueList, titlesIn, type Upgraded } from "../seed-world";

/**
 * Index-only migration: the all-projects list in its default order (status, then last seen), with
 * issues ignored until a count and resolved in a release that it must leave out.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const event = (name: string, at: number, message: string) => ({ fixture: "node-message.envelope", name, at, patch: { message, level: "error", release: "storefront@5.1.0", environment: "production" } });
  await seedIssue(target, { project: "storefront", status: "ignored", substatus: "archived_until_condition_met", ignoreCondition: { kind: "count", count: 100, baseline: 12 }, culprit: "images", timesSeen: 12, events: [event("cdn-1", now - 10 * minute, titles.imageCdn)] });
  await seedIssue(target, { project: "storefront", status: "resolved", substatus: null, resolution: { kind: "in_release", release: "storefront@5.1.1" }, culprit: "search", events: [event("search-1", now - 20 * minute, titles.searchIndex)] });
}

export async function check({ context }: Upgraded): Promise<void> {
  const wanted = [titles.chunk, titles.price, titles.resizeObserver, titles.imageCdn, titles.searchIndex];
  expect(titlesIn(await issueList(context, { query: "is:unresolved" }), wanted)).toEqual([titles.chunk, titles.price, titles.resizeObserver]);
  expect(titlesIn(await issueList(context, { query: "is:ignored" }), wanted)).toEqual([titles.imageCdn]);
  const ignored = (await issueList(context, { query: "is:ignored" })).find((issue) => issue.title === titles.imageCdn)!;
  expect(readIgnoreCondition((await getIssueDetails(context, ignored.id)).issue.ignore_condition)).toEqual({ kind: "count", count: 100, baseline: 12 });
  const resolved = (await issueList(context, { query: "is:resolved" })).find((issue) => issue.title === titles.searchIndex)!;
  expect(readResolution((await getIssueDetails(context, resolved.id)).issue.resolution)).toEqual({ kind: "in_release", release: "storefront@5.1.1" });
}
