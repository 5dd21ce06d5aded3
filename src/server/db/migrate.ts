import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Database } from "./schema";
import * as initial from "./migrations/0001-initial";

/**
 * Forward-only migrations, listed in code (not read from disk) so they survive bundling.
 * Add a file under migrations/ and a line here; never edit or remove a migration that has shipped.
 */
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableName: "lantern_migrations", migrationLockTableName: "lantern_migrations_lock" });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error;
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
