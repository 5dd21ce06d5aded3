import { expect } from "vitest";
import { loadViewer } from "@/server/access/viewer";
import { execute, type SeedTarget } from "../seed-sql";
import { sql } from "kysely";
import type { Upgraded } from "../seed-world";

/** Bob picked "production" in the header; everyone else kept "All environments" (null). */
export async function seed(target: SeedTarget): Promise<void> {
  await execute(target, sql`update users set environment_filter = 'production' where id = 'usr_bob'`);
}

export async function check({ database }: Upgraded): Promise<void> {
  expect((await loadViewer(database.db, "usr_bob"))?.environmentFilter).toBe("production");
  const others = await database.db.selectFrom("users").select("environment_filter").where("id", "!=", "usr_bob").execute();
  expect(others.length).toBeGreaterThan(0);
  expect(others.every((user) => user.environment_filter === null)).toBe(true);
}
