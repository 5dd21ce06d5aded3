import { sql, type Kysely } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";

export interface VacuumFreePagesOptions {
  /** Pages given back per write transaction: what bounds how long ingest can wait for the write gate (default: 2 MB of pages). */
  pagesPerStep?: number;
  /** At most this many steps per call; what is left waits for the next housekeeping run. */
  maxSteps?: number;
  /** Free pages kept for the next inserts, as a share of the file's pages (at least `minKeptFreePages`, default: 1 MB of pages). */
  keptFreeShare?: number;
  minKeptFreePages?: number;
}

export interface VacuumFreePagesResult {
  /** Pages given back to the filesystem (the file shrinks by this many at the next full checkpoint). */
  pagesReleased: number;
  steps: number;
}

// 2 MB per step: 40–100 ms holding the gate on a 1.2 GB file on a busy 2-core machine, about a digest batch's
// write; 256 steps give back up to 512 MB per housekeeping run (docs/performance.md). At least 1 MB stays free.
// In bytes, so files of either page size (4 KB before 16 KB became the default) get the same bounds.
const stepBytes = 2 * 1_048_576;
const minKeptFreeBytes = 1_048_576;
const defaults = { maxSteps: 256, keptFreeShare: 0.01 };

/**
 * Gives pages freed by retention back to the filesystem, so the SQLite file shrinks after deletions and,
 * under steady ingest with retention, stops growing at about the data kept. Runs `PRAGMA
 * incremental_vacuum` in small write transactions, each taking the write gate alone, and only when more
 * than a small share of the file is free: that slack is reused by the next inserts without moving pages
 * twice. Does nothing on PostgreSQL (autovacuum) or on a SQLite file still without auto_vacuum
 * (migration 0012 could not convert it).
 */
export async function vacuumFreePages(database: LanternDatabase, options: VacuumFreePagesOptions = {}): Promise<VacuumFreePagesResult> {
  const result: VacuumFreePagesResult = { pagesReleased: 0, steps: 0 };
  if (database.dialect !== "sqlite" || !(await isIncremental(database.db))) return result;
  const pageSize = (await sql<{ page_size: number }>`pragma page_size`.execute(database.db)).rows[0]!.page_size;
  const { maxSteps, keptFreeShare } = { ...defaults, ...options };
  const pagesPerStep = options.pagesPerStep ?? Math.max(1, Math.floor(stepBytes / pageSize));
  const minKeptFreePages = options.minKeptFreePages ?? Math.floor(minKeptFreeBytes / pageSize);
  const excessFreePages = ({ pages, freePages }: PageCounts) => freePages - Math.max(minKeptFreePages, Math.floor(pages * keptFreeShare));
  // Looked at first without the gate, so a housekeeping run with nothing to give back takes no write lock.
  while (result.steps < maxSteps && excessFreePages(await readPageCounts(database.db)) > 0) {
    const released = await writeTransaction(database, async (trx) => {
      // Again inside: ingest may have reused free pages since.
      const before = await readPageCounts(trx);
      if (excessFreePages(before) <= 0) return 0;
      database.incrementalVacuum(Math.min(pagesPerStep, excessFreePages(before)));
      return before.freePages - (await readPageCounts(trx)).freePages;
    });
    if (released === 0) break;
    result.steps += 1;
    result.pagesReleased += released;
  }
  // The database file is cut only by a checkpoint that copies the whole WAL; under `lantern start` digest
  // checkpoints only after batches, and there may be none for a while.
  if (result.pagesReleased > 0) database.checkpointWal();
  return result;
}

interface PageCounts {
  pages: number;
  freePages: number;
}

async function isIncremental(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
  return rows[0]?.auto_vacuum === 2;
}

async function readPageCounts(db: Kysely<Database>): Promise<PageCounts> {
  const pages = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  const freePages = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(db);
  return { pages: pages.rows[0]?.page_count ?? 0, freePages: freePages.rows[0]?.freelist_count ?? 0 };
}
