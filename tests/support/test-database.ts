import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { LanternConfig } from "@/server/config";
import { createDatabase, type Dialect, type LanternDatabase } from "@/server/db/create-database";
import { migrateToLatest } from "@/server/db/migrate";
import { testPostgresUrl } from "./postgres-url";

export interface TestDatabase extends LanternDatabase {
  /** Opens a second, independent connection to the same database (to prove what was committed). */
  reopen(): LanternDatabase;
  /** The connection settings, as `lantern start` passes them on (to the digest thread). */
  settings: LanternConfig["database"];
  /** Closes it and, for SQLite, deletes the file; PostgreSQL schemas are dropped after the whole run. */
  destroy(): Promise<void>;
}

export const testDialect: Dialect = process.env.LANTERN_TEST_DIALECT === "postgres" ? "postgres" : "sqlite";

interface Options {
  /** Leave the database empty instead of applying the migrations. */
  isEmpty?: boolean;
}

/** A fresh, real database of the dialect under test: a new SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(options: Options = {}): Promise<TestDatabase> {
  const database = testDialect === "postgres" ? await createPostgresSchema() : createSqliteFile();
  if (!options.isEmpty) {
    try {
      await migrateToLatest(database.db);
    } catch (error) {
      await database.destroy();
      throw error;
    }
  }
  return database;
}

function createSqliteFile(): TestDatabase {
  const directory = mkdtempSync(join(tmpdir(), "lantern-test-"));
  const settings = { dialect: "sqlite" as const, path: join(directory, "lantern.db") };
  const database = createDatabase(settings);
  return {
    ...database,
    reopen: () => createDatabase(settings),
    settings,
    destroy: async () => {
      await database.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function createPostgresSchema(): Promise<TestDatabase> {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const settings = { dialect: "postgres" as const, url: testPostgresUrl };
  const database = createDatabase(settings, { searchPath: schema });
  return {
    ...database,
    reopen: () => createDatabase(settings, { searchPath: schema }),
    // The schema travels in the URL, for code that opens its own connections from settings alone.
    settings: { dialect: "postgres", url: withSearchPath(testPostgresUrl, schema) },
    destroy: () => database.close(),
  };
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}
