import { expect } from "vitest";
import { loadReleaseHealth } from "@/server/releases/load-release-health";
import { insertRow, type SeedTarget } from "../seed-sql";
import { day, hour, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * checkout@2.2.0's sessions a month ago (40 started, none crashed) beside 0029's checkout@2.4.0 of three hours
 * ago: read through the new time indexes, a 14-day window holds only 2.4.0's, and its adoption is all of them.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  const at = now - 30 * day;
  await insertRow(target, "session_counts", { project_id: checkout, release: "checkout@2.2.0", environment: "production", hour: at - (at % hour), status: "started", quantity: 40 });
}

export async function check({ database }: Upgraded): Promise<void> {
  const checkout = Number((await database.db.selectFrom("projects").select("id").where("slug", "=", "checkout").executeTakeFirstOrThrow()).id);
  const health = await loadReleaseHealth(database.db, checkout, ["checkout@2.2.0", "checkout@2.4.0"], now - 14 * day);
  expect([...health.keys()]).toEqual(["checkout@2.4.0"]);
  expect(health.get("checkout@2.4.0")).toMatchObject({ sessions: 20, crashed: 2, adoption: 1 });
}
