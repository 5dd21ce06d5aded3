import type { LanternConfig } from "../config";
import { backupPostgres } from "./backup-postgres";
import type { BackupResult } from "./backup-result";
import { backupSqlite } from "./backup-sqlite";

/** A consistent copy of the configured database in `targetFile`, while Lantern serves and ingests. */
export function takeBackup(database: LanternConfig["database"], targetFile: string): Promise<BackupResult> {
  return database.dialect === "sqlite" ? backupSqlite(database.path, targetFile) : backupPostgres(database.url, targetFile);
}
