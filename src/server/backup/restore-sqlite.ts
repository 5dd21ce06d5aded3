import { copyFile, mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { BackupError } from "./backup-error";
import { checkBackupVersion } from "./check-backup-version";
import { isSqliteInUse } from "./is-sqlite-in-use";

/**
 * Puts a SQLite backup in place of the database file: refuses while anything has the database open, checks
 * the backup (integrity_check, schema version), copies it next to the database and renames it over it, so
 * the database is at every moment either the old file or the whole backup. The caller migrates forward.
 */
export async function restoreSqlite(backupFile: string, databasePath: string): Promise<void> {
  const database = resolve(databasePath);
  if (resolve(backupFile) === database) throw new BackupError(`${backupFile} is the database itself: name the backup file to restore.`);
  inspectSqliteBackup(resolve(backupFile));
  if (isSqliteInUse(database)) {
    throw new BackupError(`${database} is in use: a Lantern server (or another process) has it open. Stop it (lantern start, next dev, …) and run the restore again.`);
  }
  await mkdir(dirname(database), { recursive: true });
  const incoming = `${database}.restoring`;
  await copyFile(resolve(backupFile), incoming);
  await syncFile(incoming);
  // The old database's WAL must go before the new file arrives: SQLite would replay it into the backup.
  await rm(`${database}-wal`, { force: true });
  await rm(`${database}-shm`, { force: true });
  await rename(incoming, database);
}

function inspectSqliteBackup(file: string): void {
  let backup: BetterSqlite3.Database;
  try {
    backup = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`cannot open ${file} as SQLite: ${(error as Error).message}`);
  }
  try {
    let problems: { integrity_check: string }[];
    try {
      problems = backup.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    } catch (error) {
      throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
    }
    if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") {
      throw new BackupError(`${file} failed integrity_check: ${problems.slice(0, 5).map((row) => row.integrity_check).join("; ")}`);
    }
    const hasMigrations = backup.prepare("select 1 from sqlite_master where type = 'table' and name = 'lantern_migrations'").get() !== undefined;
    const applied = hasMigrations ? (backup.prepare("select name from lantern_migrations order by name").pluck().all() as string[]) : [];
    checkBackupVersion(applied);
  } finally {
    backup.close();
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
