import { LRUCache } from "lru-cache";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { LanternConfig } from "../config";
import type { Database } from "./schema";
import type { WriteGate } from "./write-gate";

/** The WAL size past which digest makes it start over (DigestWorker), and the file size kept afterwards. */
export const walSizeLimitBytes = 32 * 1024 * 1024;

export type Dialect = LanternConfig["database"]["dialect"];

export interface LanternDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** SQLite only: the connection under `db`, for the write path's statements kept prepared (write-logs.ts). */
  sqlite?: BetterSqlite3.Database;
  /** SQLite only: taken before every write transaction when another thread writes to the same file. */
  writeGate?: WriteGate;
  /** SQLite: a passive WAL checkpoint now (for connections opened with `walCheckpoints: "manual"`). */
  checkpointWal(): WalCheckpoint;
  /**
   * SQLite: gives up to `maxPages` free pages back to the filesystem (`PRAGMA incremental_vacuum`); call it
   * inside a write transaction. The file shrinks at the next checkpoint that copies the whole WAL.
   * PostgreSQL: nothing (autovacuum makes dead rows reusable; docs/operations.md).
   */
  incrementalVacuum(maxPages: number): void;
  close(): Promise<void>;
}

// int8 (bigint) comes back as a string by default; every bigint Lantern stores (epoch ms, counters) fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** What a checkpoint found: the WAL's size in bytes (`walBytes`) and how much of it is now in the database. */
export interface WalCheckpoint {
  walBytes: number;
  checkpointedBytes: number;
}

interface CreateDatabaseOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  searchPath?: string;
  /**
   * SQLite only: who checkpoints the WAL (which fsyncs the database file). "automatic" is SQLite's own,
   * inside the COMMIT that fills the WAL. Under `lantern start` both connections use "manual": ingest's
   * never checkpoints, so no SDK waits on one, and digest calls `checkpointWal` after letting go of the
   * write gate, so ingest does not wait on one behind the gate either (except for the short catch-up that
   * lets the WAL start over, DigestWorker).
   */
  walCheckpoints?: "automatic" | "manual";
  /** SQLite only: shared with the other thread that writes to this file (see WriteGate). */
  writeGate?: WriteGate;
}

/** The page size of new SQLite files (bytes). */
export const sqlitePageSize = 16_384;

/** Opens the database named by the configuration: a SQLite file (created on first use) or a PostgreSQL pool. */
export function createDatabase(database: LanternConfig["database"], options: CreateDatabaseOptions = {}): LanternDatabase {
  if (database.dialect === "sqlite") {
    const path = database.path === ":memory:" ? database.path : resolve(database.path);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const sqlite = new BetterSqlite3(path);
    // Both take effect only on a new file, and only before journal_mode = WAL writes the header (page_size first).
    // An event row is about 2.2 KB (its deflated payload): two do not fit a 4 KB page, so every row took a page
    // of its own and half the file was empty (4.2 KB per event); 16 KB pages hold seven (docs/performance.md).
    sqlite.pragma(`page_size = ${sqlitePageSize}`);
    // Lets housekeeping give freed pages back to the filesystem in small steps (storage/vacuum-free-pages);
    // existing files are converted once by migration 0012.
    sqlite.pragma("auto_vacuum = INCREMENTAL");
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // WAL + NORMAL is durable against process crashes (kill -9); only an OS crash can lose the last commits.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    if (options.walCheckpoints === "manual") sqlite.pragma("wal_autocheckpoint = 0");
    // Once the WAL starts over, its file is cut back to this size instead of keeping its largest size.
    sqlite.pragma(`journal_size_limit = ${walSizeLimitBytes}`);
    const pageSize = sqlite.pragma("page_size", { simple: true }) as number;
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }) });
    return {
      db,
      dialect: "sqlite",
      sqlite,
      ...(options.writeGate ? { writeGate: options.writeGate } : {}),
      checkpointWal: () => {
        const [result] = sqlite.pragma("wal_checkpoint(PASSIVE)") as { log: number; checkpointed: number }[];
        return { walBytes: Math.max(0, result!.log) * pageSize, checkpointedBytes: Math.max(0, result!.checkpointed) * pageSize };
      },
      // Not through Kysely: it runs a statement without columns with better-sqlite3's run(), which steps
      // once, and each step of incremental_vacuum frees one page; pragma() steps to the end.
      // A count of 0 or less would free every page at once.
      incrementalVacuum: (maxPages) => void sqlite.pragma(`incremental_vacuum(${Number.isSafeInteger(maxPages) && maxPages > 0 ? maxPages : 1})`),
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", checkpointWal: () => ({ walBytes: 0, checkpointedBytes: 0 }), incrementalVacuum: () => {}, close: () => db.destroy() };
}

/**
 * The connection as Kysely's SQLite driver sees it, with each statement prepared once: the driver prepares
 * every query it runs, and preparing costs as much as running a small indexed statement (a third of a cron
 * check-in's digest CPU before this; docs/performance.md → "Check-ins"). Kysely runs one query at a time on
 * the connection (a stream holds it to the end), so a cached statement is never busy when it is reused;
 * SQLite prepares a statement again by itself when a migration changed the schema under it.
 */
function withPreparedStatements(sqlite: BetterSqlite3.Database): { prepare(sql: string): BetterSqlite3.Statement; close(): void } {
  const statements = new LRUCache<string, BetterSqlite3.Statement>({ max: 1_000 });
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}
