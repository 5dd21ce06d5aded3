import { sql } from "kysely";
import { expect } from "vitest";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { getIssueTagDistribution } from "@/server/issues/get-issue-tag-distribution";
import { listIssueComments } from "@/server/issues/list-issue-comments";
import { execute, insertRow, insertRowReturningId, selectValue, type SeedTarget } from "../seed-sql";
import { minute, hour, day, now, titles, projectBySlug, issueList, issueTitled, titlesIn, type Upgraded } from "../seed-world";

/** Tag values (search and tag bars), comments and an assignee. */
export async function seed(target: SeedTarget): Promise<void> {
  const price = await selectValue(target, sql<{ value: unknown }>`select id as value from issues where title = ${titles.price}`);
  const tags = [
    ["browser", "Chrome", 2],
    ["browser", "Firefox", 1],
    ["environment", "production", 3],
    ["release", "checkout@2.3.0", 1],
    ["release", "checkout@2.4.0", 2],
    ["level", "error", 3],
  ] as const;
  for (const [key, value, timesSeen] of tags) {
    await insertRow(target, "issue_tag_values", { issue_id: price, key, value, times_seen: timesSeen, first_seen: now - 3 * day, last_seen: now - hour });
  }
  const commentAt = now - 50 * minute;
  await insertRowReturningId(target, "issue_comments", { issue_id: price, author: "cli", body: "Started with the 2.4.0 deploy; the cart can be empty here.", created_at: commentAt });
  await execute(target, sql`update issues set assignee = ${"payments-oncall"} where id = ${price}`);
  await insertRow(target, "issue_activity", { issue_id: price, kind: "assigned", actor: "cli", data: JSON.stringify({ assignee: "payments-oncall" }), created_at: commentAt });
}

export async function check({ context }: Upgraded): Promise<void> {
  const checkout = await projectBySlug(context, "checkout");
  const price = await issueTitled(context, checkout.id, titles.price);
  // 0017: "payments-oncall" names no account or team, so the issue is unassigned (its activity keeps the name).
  expect(price.assignee).toBeNull();
  expect(titlesIn(await issueList(context, { query: "browser:Firefox" }), [titles.price, titles.paymentTimeout])).toEqual([titles.price]);
  // 0015 summed these per project (project_tag_values), which autocomplete and the hints read.
  const projectBrowsers = await context.db.selectFrom("project_tag_values").select(["value", "times_seen"]).where("project_id", "=", checkout.id).where("key", "=", "browser").orderBy("value").execute();
  expect(projectBrowsers.map((row) => [row.value, Number(row.times_seen)])).toEqual([
    ["Chrome", 2],
    ["Firefox", 1],
  ]);
  expect(titlesIn(await issueList(context, { query: "assigned:none" }), [titles.price, titles.paymentTimeout]).sort()).toEqual([titles.price, titles.paymentTimeout].sort());
  const browser = (await getIssueTagDistribution(context, price.id)).find((tag) => tag.key === "browser");
  expect(browser).toMatchObject({ total: 3, valueCount: 2, otherCount: 0 });
  expect(browser!.topValues.map((value) => [value.value, value.count])).toEqual([
    ["Chrome", 2],
    ["Firefox", 1],
  ]);
  expect((await listIssueComments(context, price.id)).map((comment) => [comment.author, comment.body])).toEqual([["cli", "Started with the 2.4.0 deploy; the cart can be empty here."]]);
  expect((await getIssueDetails(context, price.id)).activity.find((entry) => entry.kind === "assigned")?.data).toEqual({ assignee: "payments-oncall" });
}
