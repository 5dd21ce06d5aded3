import { sql } from "kysely";
import { expect } from "vitest";
import { loadViewer } from "@/server/access/viewer";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { execute, insertRow, selectValue, type SeedTarget } from "../seed-sql";
import { now, titles, projectBySlug, issueList, issueTitled, titlesIn, type Upgraded } from "../seed-world";

const issueIdTitled = (target: SeedTarget, title: string) => selectValue(target, sql<{ value: unknown }>`select id as value from issues where title = ${title}`);

/**
 * Ownership as 0017 stores it: the storefront's chunk error assigned to Ada (an account), the checkout's
 * cache warm-up to the Payments team, the payment timeout's priority lowered by hand, and Ada's bookmark on
 * the chunk error. (How 0017 carries free-text assignees over is 0017-ownership.db.test.ts's.)
 */
export async function seed(target: SeedTarget): Promise<void> {
  await execute(target, sql`update issues set assignee_user_id = ${"usr_ada"} where title = ${titles.chunk}`);
  await execute(target, sql`update issues set assignee_team_id = (select id from teams where slug = ${"payments"}) where title = ${titles.cacheWarmUp}`);
  await execute(target, sql`update issues set priority = ${"low"} where title = ${titles.paymentTimeout}`);
  await insertRow(target, "issue_bookmarks", { user_id: "usr_ada", issue_id: await issueIdTitled(target, titles.chunk), created_at: now });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const wanted = [titles.chunk, titles.cacheWarmUp, titles.paymentTimeout];
  expect(titlesIn(await issueList(context, { query: "assigned:ada@example.com" }), wanted)).toEqual([titles.chunk]);
  expect(titlesIn(await issueList(context, { query: "assigned:#payments" }), wanted)).toEqual([titles.cacheWarmUp]);
  expect(titlesIn(await issueList(context, { query: "issue.priority:low" }), wanted)).toEqual([titles.paymentTimeout]);
  const storefront = await projectBySlug(context, "storefront");
  const checkout = await projectBySlug(context, "checkout");
  const chunk = await issueTitled(context, storefront.id, titles.chunk);
  expect(chunk.assignee).toEqual({ type: "user", id: "usr_ada", name: "Ada Lovelace", email: "ada@example.com" });
  expect(await issueTitled(context, checkout.id, titles.cacheWarmUp)).toMatchObject({ priority: "medium", assignee: { type: "team", slug: "payments", name: "Payments" } });
  const ada = await loadViewer(database.db, "usr_ada");
  const asAda = { ...context, viewer: ada!, source: { actor: ada!.actor } };
  expect(titlesIn(await issueList(asAda, { query: "bookmarks:me" }), wanted)).toEqual([titles.chunk]);
  expect((await getIssueDetails(asAda, chunk.id)).isBookmarked).toBe(true);
}
