import { statfs } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { sql } from "kysely";
import { ConfigError, loadConfig } from "../src/server/config";
import { createDatabase } from "../src/server/db/create-database";
import { listBackups } from "../src/server/backup/list-backups";

const minimumFreeBytes = 1024 * 1024 * 1024;

/** Prints one line per check; returns whether all passed. */
export async function runDoctor(env: Record<string, string | undefined>): Promise<boolean> {
  let isHealthy = true;
  const report = (isOk: boolean, line: string) => {
    console.log(`${isOk ? "ok  " : "FAIL"} ${line}`);
    if (!isOk) isHealthy = false;
  };
  // Worth fixing, but Lantern runs: a warning does not make the doctor fail.
  const warn = (line: string) => console.log(`warn ${line}`);

  let config;
  try {
    config = loadConfig(env);
    report(true, "configuration is valid");
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) report(false, `configuration: ${problem}`);
    return false;
  }

  const database = createDatabase(config.database);
  try {
    await sql`select 1`.execute(database.db);
    report(true, `database reachable (${config.database.dialect})`);
  } catch (error) {
    report(false, `database unreachable (${config.database.dialect}): ${(error as Error).message}`);
  } finally {
    await database.close();
  }

  if (config.database.dialect === "sqlite") {
    const stats = await statfs(dirname(resolve(config.database.path)));
    const free = stats.bavail * stats.bsize;
    report(free >= minimumFreeBytes, `disk space free next to the database: ${(free / 1024 ** 3).toFixed(1)} GiB${free < minimumFreeBytes ? " (less than 1 GiB: ingest will fail when the disk fills)" : ""}`);
  }

  if (config.storage.diskBudgetBytes === null) warn("no disk budget (LANTERN_DISK_BUDGET): the database grows until retention or the disk stops it");
  await reportBackups(config.backup, report, warn);
  return isHealthy;
}

async function reportBackups(backup: { directory: string | null; intervalMs: number }, report: (isOk: boolean, line: string) => void, warn: (line: string) => void): Promise<void> {
  if (!backup.directory) {
    warn("no scheduled backups (LANTERN_BACKUP_DIR unset): take them with lantern backup <file>");
    return;
  }
  const [newest] = await listBackups(backup.directory);
  if (!newest) {
    warn(`no backup in ${backup.directory} yet (lantern start takes one within a minute, then every ${formatAge(backup.intervalMs)})`);
    return;
  }
  const age = Date.now() - newest.takenAt;
  // One missed backup is tolerated; two mean the schedule is not running or failing.
  report(age <= 2 * backup.intervalMs, `newest backup ${formatAge(age)} old: ${newest.file}${age > 2 * backup.intervalMs ? ` (backups are due every ${formatAge(backup.intervalMs)}: is lantern start running, and does its log show backup errors?)` : ""}`);
}

function formatAge(milliseconds: number): string {
  const minutes = Math.max(0, Math.round(milliseconds / 60_000));
  if (minutes < 120) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
}
