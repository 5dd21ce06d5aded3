import type { LanternConfig } from "../src/server/config";
import { BackupError } from "../src/server/backup/backup-error";
import { restoreBackup } from "../src/server/backup/restore-backup";

/** `lantern restore <file>`: refuses with a reason (exit 1) or restores, migrates forward and says so. */
export async function runRestoreCommand(config: LanternConfig, file: string): Promise<number> {
  try {
    const result = await restoreBackup(config.database, file);
    const migrated = result.migrated.length > 0 ? `, then applied migrations ${result.migrated.join(", ")}` : "";
    console.log(`Restored ${file} into the ${config.database.dialect === "sqlite" ? `SQLite database ${config.database.path}` : "PostgreSQL database"} in ${(result.milliseconds / 1000).toFixed(1)} s${migrated}.`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(`lantern restore: ${error.message}`);
    return 1;
  }
}
