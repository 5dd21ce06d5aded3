import { expect } from "vitest";
import { loadViewer } from "@/server/access/viewer";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { insertRow, type SeedTarget } from "../seed-sql";
import { day, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * Saved searches as 0016 stores them: Bob's own tab on checkout, a tab Ada (the owner) shared on checkout,
 * and Ada's private all-projects tab. Bob sees his and the shared one; the private one stays Ada's.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  await insertRow(target, "saved_searches", { owner_user_id: "usr_bob", project_id: checkout, name: "Chrome errors", query: "level:error browser.name:Chrome", sort: "times_seen", is_shared: 0, created_at: now - 2 * day });
  await insertRow(target, "saved_searches", { owner_user_id: "usr_ada", project_id: checkout, name: "Team triage", query: "is:unresolved level:fatal", sort: "last_seen", is_shared: 1, created_at: now - day });
  await insertRow(target, "saved_searches", { owner_user_id: "usr_ada", project_id: null, name: "Regressions", query: "is:regressed", sort: "first_seen", is_shared: 0, created_at: now - day });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const checkout = await context.db.selectFrom("projects").select("id").where("slug", "=", "checkout").executeTakeFirstOrThrow();
  const bob = (await loadViewer(database.db, "usr_bob"))!;
  const asBob = { ...context, viewer: bob };
  const tabs = await listSavedSearches(asBob, { projectId: Number(checkout.id) });
  expect(tabs.map((tab) => [tab.name, tab.query, tab.sort, tab.isShared, tab.isMine])).toEqual([
    ["Chrome errors", "level:error browser.name:Chrome", "times_seen", false, true],
    ["Team triage", "is:unresolved level:fatal", "last_seen", true, false],
  ]);
  expect(await listSavedSearches(asBob, { projectId: null })).toEqual([]);
  const ada = (await loadViewer(database.db, "usr_ada"))!;
  expect((await listSavedSearches({ ...context, viewer: ada }, { projectId: null })).map((tab) => [tab.name, tab.sort])).toEqual([["Regressions", "first_seen"]]);
}
