import { sql } from "kysely";
import { expect } from "vitest";
import { loadDigestConfigs } from "@/server/projects/load-digest-configs";
import { execute, type SeedTarget } from "../seed-sql";
import { type Upgraded } from "../seed-world";

/** The checkout project's slow-query threshold set to 250 ms; the storefront keeps the default. */
export async function seed(target: SeedTarget): Promise<void> {
  await execute(target, sql`update projects set slow_db_query_ms = 250 where slug = 'checkout'`);
}

export async function check({ database }: Upgraded): Promise<void> {
  const projects = await database.db.selectFrom("projects").select(["id", "slug"]).where("slug", "in", ["checkout", "storefront"]).execute();
  const configOf = await loadDigestConfigs(database.db, projects.map((project) => project.id));
  const thresholdOf = (slug: string) => configOf(projects.find((project) => project.slug === slug)!.id).slowDbQueryUs;
  expect([thresholdOf("checkout"), thresholdOf("storefront")]).toEqual([250_000, 500_000]);
}
