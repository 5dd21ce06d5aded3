import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { insertArtifactBundle } from "../../../tests/support/insert-artifact-bundle";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { insertProject } from "../projects/insert-project";
import { measureDatabaseSize } from "./budget-database-size";
import { budgetSourceMapIdleDays, pruneSourceMapsToDiskBudget } from "./budget-prune-source-maps";

const dayMs = 86_400_000;
const now = Date.UTC(2026, 10, 25);
const sourceMaps = { retentionDays: 90, keepPerProject: 2 };

describe(`source maps and the disk budget on ${testDialect}`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.destroy());

  /** Five bundles of one project, 200 KB of map each (random, so compression keeps them large), uploaded 30…10 days ago; one of the old ones used yesterday. */
  async function seed(): Promise<number[]> {
    const { project } = await insertProject(database.db, { name: "web" });
    const ids: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      const id = await insertArtifactBundle(database.db, project.id, [{ url: `~/app-${index}.js.map`, type: "source_map", content: randomBytes(100_000).toString("hex"), debugId: null }]);
      await database.db.updateTable("artifact_bundles").set({ created_at: now - (30 - index * 5) * dayMs, last_used_at: index === 1 ? now - dayMs : null }).where("id", "=", id).execute();
      ids.push(id);
    }
    return ids;
  }

  const remaining = async () => (await database.db.selectFrom("artifact_bundles").select("id").orderBy("id").execute()).map((row) => Number(row.id));

  it(`deletes bundles unused for ${budgetSourceMapIdleDays} days beyond each project's newest when the database is over the budget, keeping used and newest ones`, async () => {
    const [, usedYesterday, , newer, newest] = await seed();
    const bytes = await measureDatabaseSize(database.db);
    expect(await pruneSourceMapsToDiskBudget(database, bytes - 1, sourceMaps, now)).toBe(2);
    expect(await remaining()).toEqual([usedYesterday, newer, newest]);
    // The files no bundle holds any more are gone too.
    expect(Number((await database.db.selectFrom("artifact_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(3);
  });

  it("deletes nothing under the budget or without one: ordinary retention (90 days) keeps them all", async () => {
    const ids = await seed();
    const bytes = await measureDatabaseSize(database.db);
    expect(await pruneSourceMapsToDiskBudget(database, bytes * 2, sourceMaps, now)).toBeNull();
    expect(await pruneSourceMapsToDiskBudget(database, null, sourceMaps, now)).toBeNull();
    expect(await remaining()).toEqual(ids);
  });
});
