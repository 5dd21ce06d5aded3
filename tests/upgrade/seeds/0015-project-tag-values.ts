import { sql } from "kysely";
import { expect } from "vitest";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { insertRow, selectValue, type SeedTarget } from "../seed-sql";
import { day, hour, issueList, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * A project's tag values as 0015 keeps them beside the issues' own: the storefront's custom `checkout.step`
 * tag on one of its issues, counted in both tables as digest writes them.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const storefront = await projectIdOf(target, "storefront");
  const issueId = await selectValue(target, sql<{ value: unknown }>`select min(id) as value from issues where project_id = ${storefront}`);
  await insertRow(target, "issue_tag_values", { issue_id: issueId, key: "checkout.step", value: "payment", times_seen: 2, first_seen: now - day, last_seen: now - hour });
  await insertRow(target, "project_tag_values", { project_id: storefront, key: "checkout.step", value: "payment", times_seen: 2, first_seen: now - day, last_seen: now - hour });
}

export async function check({ context, database }: Upgraded): Promise<void> {
  const storefront = await projectIdOf(database, "storefront");
  const seededId = await selectValue(database, sql<{ value: unknown }>`select min(id) as value from issues where project_id = ${storefront}`);
  // A key some project has is searchable; one no project has is an error naming it.
  expect((await issueList(context, { query: "checkout.step:payment" })).map((issue) => issue.id)).toEqual([seededId]);
  const unknown = await loadIssueList(context, { query: "checkout.stp:payment", sort: "last_seen" });
  expect(unknown.error?.message).toContain("“checkout.stp”");
}
