import type { LanternConfig } from "../config";
import { createDatabase } from "../db/create-database";
import { migrateToLatest } from "../db/migrate";
import { restorePostgres } from "./restore-postgres";
import { restoreSqlite } from "./restore-sqlite";

export interface RestoreResult {
  /** Migrations applied after the restore (the backup was made by an older Lantern). */
  migrated: string[];
  milliseconds: number;
}

/** Replaces the configured database with a `lantern backup` file, then migrates it forward. */
export async function restoreBackup(database: LanternConfig["database"], backupFile: string): Promise<RestoreResult> {
  const started = performance.now();
  if (database.dialect === "sqlite") await restoreSqlite(backupFile, database.path);
  else await restorePostgres(backupFile, database.url);
  const restored = createDatabase(database);
  try {
    return { migrated: await migrateToLatest(restored.db), milliseconds: performance.now() - started };
  } finally {
    await restored.close();
  }
}
