import { migrationNames } from "../db/migrate";
import { BackupError } from "./backup-error";

/**
 * A backup can be restored when every migration it ran is one this Lantern knows: an older backup is
 * migrated forward after the restore, a newer one would meet code that does not know its tables.
 */
export function checkBackupVersion(appliedInBackup: readonly string[]): void {
  if (appliedInBackup.length === 0) throw new BackupError("the file holds no Lantern database (no lantern_migrations rows): is it a Lantern backup?");
  const unknown = appliedInBackup.filter((name) => !migrationNames.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(`the backup was made by a newer Lantern: it has migration ${unknown.join(", ")}, which this version does not know. Restore it with that version of Lantern (or newer).`);
  }
}
