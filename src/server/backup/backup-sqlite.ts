import { rename, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { BackupError } from "./backup-error";
import type { BackupResult } from "./backup-result";

/** better-sqlite3 clamps a step to this many pages: "the rest" in one step. */
const allPages = 0x7fffffff;

/**
 * Copies a live SQLite database with SQLite's online backup API from a read-only connection of its own,
 * verifies the copy (`integrity_check`) and only then gives it the final name, so a file of that name is
 * always a whole, checked backup.
 *
 * The copy is taken in one backup step, that is one read transaction: a consistent snapshot while ingest
 * and digest go on writing (WAL mode lets readers and the writer work side by side). A copy made in small
 * steps starts over whenever another connection writes between two steps — and under steady ingest that is
 * every step, so it would never end. The step blocks the thread that runs it, so `lantern start` runs
 * backups in a child process (`lantern backup`), never on its own threads.
 */
export async function backupSqlite(databasePath: string, targetFile: string): Promise<BackupResult> {
  const started = performance.now();
  const target = resolve(targetFile);
  if (sameFile(target, resolve(databasePath))) throw new BackupError(`${targetFile} is the database itself: name another file for the backup.`);
  const partial = `${target}.partial`;
  await rm(partial, { force: true });
  let source: BetterSqlite3.Database;
  try {
    source = new BetterSqlite3(resolve(databasePath), { readonly: true, fileMustExist: true, timeout: 5000 });
  } catch (error) {
    throw new BackupError(`cannot open the SQLite database ${databasePath}: ${(error as Error).message}`);
  }
  try {
    await source.backup(partial, { progress: () => allPages });
  } catch (error) {
    await rm(partial, { force: true });
    throw new BackupError(`the backup of ${databasePath} failed: ${(error as Error).message}`);
  } finally {
    source.close();
  }
  try {
    makeSelfContained(partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { file: target, bytes: (await stat(target)).size, milliseconds: performance.now() - started, method: "SQLite online backup API, verified with integrity_check" };
}

/** The database's own file and its -wal/-shm (a backup written there would replace the database). */
function sameFile(target: string, database: string): boolean {
  return [database, `${database}-wal`, `${database}-shm`, `${database}-journal`].includes(target);
}

/** The copy carries the source's WAL mode; a backup should be one file that opens anywhere, and a sound one. */
function makeSelfContained(file: string): void {
  const copy = new BetterSqlite3(file);
  try {
    copy.pragma("journal_mode = DELETE");
    const problems = copy.pragma("integrity_check", { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0]!.integrity_check !== "ok") {
      throw new BackupError(`the copy failed integrity_check: ${problems.slice(0, 5).map((row) => row.integrity_check).join("; ")}`);
    }
  } finally {
    copy.close();
  }
}
