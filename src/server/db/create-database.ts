import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { LanternConfig } from "../config";
import type { Database } from "./schema";

export type Dialect = LanternConfig["database"]["dialect"];

export interface LanternDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// int8 (bigint) comes back as a string by default; every bigint Lantern stores (epoch ms, counters) fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

interface CreateDatabaseOptions {
  /** PostgreSQL only: run every statement in this schema (tests isolate themselves this way). */
  searchPath?: string;
  /**
   * SQLite only: leave WAL checkpoints (which fsync the database file) to other connections. Ingest's
   * connection uses it when digest runs on its own thread, so no SDK waits on a checkpoint.
   */
  isCheckpointingElsewhere?: boolean;
}

/** Opens the database named by the configuration: a SQLite file (created on first use) or a PostgreSQL pool. */
export function createDatabase(database: LanternConfig["database"], options: CreateDatabaseOptions = {}): LanternDatabase {
  if (database.dialect === "sqlite") {
    const path = database.path === ":memory:" ? database.path : resolve(database.path);
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const sqlite = new BetterSqlite3(path);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("foreign_keys = ON");
    // WAL + NORMAL is durable against process crashes (kill -9); only an OS crash can lose the last commits.
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("busy_timeout = 5000");
    if (options.isCheckpointingElsewhere) sqlite.pragma("wal_autocheckpoint = 0");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    return { db, dialect: "sqlite", close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: "postgres", close: () => db.destroy() };
}
