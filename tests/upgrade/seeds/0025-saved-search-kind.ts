import { expect } from "vitest";
import { loadViewer } from "@/server/access/viewer";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { insertRow, type SeedTarget } from "../seed-sql";
import { day, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * A log search Bob saved on checkout's logs explorer (kind 'logs'), beside the issue searches of 0016, which
 * the upgrade made kind 'issues': each list shows only its own kind.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  await insertRow(target, "saved_searches", { owner_user_id: "usr_bob", project_id: checkout, name: "Payment logs", query: "severity:error payment.provider:acme", sort: "last_seen", is_shared: 0, created_at: now - day, kind: "logs" });
}

export async function check({ database, context }: Upgraded): Promise<void> {
  const checkout = await context.db.selectFrom("projects").select("id").where("slug", "=", "checkout").executeTakeFirstOrThrow();
  const asBob = { ...context, viewer: (await loadViewer(database.db, "usr_bob"))! };
  expect((await listSavedSearches(asBob, { projectId: Number(checkout.id), kind: "logs" })).map((tab) => [tab.name, tab.query])).toEqual([["Payment logs", "severity:error payment.provider:acme"]]);
  expect((await listSavedSearches(asBob, { projectId: Number(checkout.id) })).map((tab) => tab.name)).toEqual(["Chrome errors", "Team triage"]);
}
