import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import { createDatabase, type LanternDatabase } from "@/server/db/create-database";
import { digestBatch } from "@/server/digest/digest-batch";
import { migrateTo, migrateToLatest, migrationNames } from "@/server/db/migrate";
import { createTestConfig } from "../support/test-accounts";
import { createTestDatabase, testDialect } from "../support/test-database";
import type { UpgradeSeed } from "./seed-world";
import { upgradeSeeds } from "./seeds";

/**
 * An instance may be upgraded from any release, so from any schema version: for every migration k, a
 * database is built the way one at k was (migrating step by step, each step's seed writing the data of
 * that version), then migrated to the newest version and read back through today's verbs. The list of
 * versions is migrate.ts's own, so a new migration is covered the day it lands — and fails here, naming
 * itself, until it has its seed in tests/upgrade/seeds.ts.
 */

/** Each test migrates step by step and seeds every version: seconds on PostgreSQL, more with each migration. */
const upgradeTimeoutMs = 120_000;

type UpgradeDatabase = LanternDatabase & { destroy(): Promise<void> };

/**
 * An empty database as the first Lantern made it. On SQLite that is a file in WAL mode without auto-vacuum
 * (createDatabase sets INCREMENTAL only on files it creates, and only before WAL mode), so an upgrade
 * through 0012 converts it with a VACUUM of everything the earlier seeds wrote.
 */
async function createOldDatabase(): Promise<UpgradeDatabase> {
  if (testDialect === "postgres") return createTestDatabase({ isEmpty: true });
  const directory = mkdtempSync(join(tmpdir(), "lantern-upgrade-"));
  const path = join(directory, "lantern.db");
  const file = new BetterSqlite3(path);
  file.pragma("journal_mode = WAL");
  file.close();
  const database = createDatabase({ dialect: "sqlite", path });
  return {
    ...database,
    destroy: async () => {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The tables and columns of this database (on PostgreSQL, of this test's schema alone). */
async function tablesOf(database: UpgradeDatabase) {
  const { rows } = await sql<{ schema: string | null }>`select ${database.dialect === "postgres" ? sql`current_schema()` : sql`null`} as schema`.execute(database.db);
  return (await database.db.introspection.getTables()).filter((table) => (table.schema ?? null) === rows[0]!.schema);
}

/** The seeds of migrations 0001…`name`, in order; throws naming every migration that has none. */
function seedsUpTo(name: string): [string, UpgradeSeed][] {
  const names = migrationNames.slice(0, migrationNames.indexOf(name) + 1);
  const missing = names.filter((migration) => !upgradeSeeds[migration]);
  if (missing.length > 0) {
    throw new Error(`No upgrade seed for migration ${missing.join(", ")}: add tests/upgrade/seeds/<migration>.ts (the data a database at that version holds, and what today's verbs must read back of it) and its line in tests/upgrade/seeds.ts.`);
  }
  return names.map((migration) => [migration, upgradeSeeds[migration]!]);
}

/** Builds a database at `name` with the data of every version up to it. */
async function databaseAt(database: UpgradeDatabase, name: string): Promise<[string, UpgradeSeed][]> {
  const seeds = seedsUpTo(name);
  for (const [migration, seed] of seeds) {
    expect(await migrateTo(database.db, migration)).toEqual([migration]);
    await seed.seed({ db: database.db, dialect: database.dialect });
  }
  return seeds;
}

async function checkAll(database: UpgradeDatabase, seeds: [string, UpgradeSeed][]): Promise<void> {
  const config = createTestConfig();
  const upgraded = { database, config, context: systemContext(database, config) };
  // As `lantern start` does after migrating: digest resumes from the intake, envelopes of every version included.
  while ((await digestBatch(database)) > 0);
  for (const [migration, seed] of seeds) {
    try {
      await seed.check(upgraded);
    } catch (error) {
      (error as Error).message = `data seeded at ${migration}: ${(error as Error).message}`;
      throw error;
    }
  }
}

describe(`upgrades on ${testDialect}`, () => {
  let database: UpgradeDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  it("have a seed for every migration, and no seed of a migration that does not exist", () => {
    expect(migrationNames.filter((name) => !upgradeSeeds[name])).toEqual([]);
    expect(Object.keys(upgradeSeeds).filter((name) => !migrationNames.includes(name))).toEqual([]);
  });

  const older = migrationNames.slice(0, -1);
  it.each(older)("from %s to the newest version keep every earlier version's data readable by today's verbs", async (name) => {
    database = await createOldDatabase();
    const seeds = await databaseAt(database, name);
    expect(await migrateToLatest(database.db)).toEqual(migrationNames.slice(migrationNames.indexOf(name) + 1));
    await checkAll(database, seeds);
  }, upgradeTimeoutMs);

  it(`at the newest version (${migrationNames.at(-1)}) migrate as a no-op and read back every version's data`, async () => {
    database = await createOldDatabase();
    const seeds = await databaseAt(database, migrationNames.at(-1)!);
    const schemaBefore = await tablesOf(database);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await tablesOf(database)).toEqual(schemaBefore);
    await checkAll(database, seeds);
  }, upgradeTimeoutMs);
});
