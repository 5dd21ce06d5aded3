import { existsSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";

/**
 * Whether any connection — `lantern start`, `next dev`, another command — has the SQLite file open. Every
 * connection to a WAL database holds a shared lock on its -shm file while it is open, even when idle, so
 * an exclusive lock (locking_mode=EXCLUSIVE, then BEGIN EXCLUSIVE) is granted only when no one else is
 * there. Asked without waiting (timeout 0).
 */
export function isSqliteInUse(databasePath: string): boolean {
  if (!existsSync(databasePath)) return false;
  const probe = new BetterSqlite3(databasePath, { timeout: 0, fileMustExist: true });
  try {
    probe.pragma("locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
    throw error;
  } finally {
    probe.close();
  }
}
