import { statfsSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { sql, SqliteAdapter, type Kysely } from "kysely";

const incremental = 2;

/**
 * SQLite files created before this migration have `auto_vacuum = NONE`: freed pages are reused but never given back,
 * so the file stays at its largest size. Switching to INCREMENTAL (what createDatabase sets on new files)
 * takes one VACUUM, which rewrites the whole file: a copy in a temporary file plus, in WAL mode, the whole
 * file again in the WAL, about twice the database in free space (docs/operations.md). Without that much
 * space the file is left as it is, with a note: refusing to start would be worse, and an operator can
 * convert it offline later. PostgreSQL: nothing to do (autovacuum).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  const { rows } = await sql<{ auto_vacuum: number }>`pragma auto_vacuum`.execute(db);
  if (rows[0]?.auto_vacuum === incremental) return;
  const path = await databasePath(db);
  if (path) {
    const databaseBytes = statSync(path).size;
    const { bavail, bsize } = statfsSync(dirname(path));
    if (bavail * bsize < 2 * databaseBytes) {
      console.warn(
        `lantern: ${path} keeps auto_vacuum = NONE (freed space is reused but not given back): converting it takes a VACUUM that needs about ${2 * databaseBytes} bytes free next to it. See "Space given back" in docs/operations.md to convert it later.`,
      );
      return;
    }
    // About 20-40 s per GB (docs/performance.md): say why the start waits.
    console.log(`lantern: converting ${path} (${Math.round(databaseBytes / 1_048_576)} MB) to incremental auto-vacuum, once: VACUUM rewrites the whole file`);
  }
  await sql`pragma auto_vacuum = incremental`.execute(db);
  await sql`vacuum`.execute(db);
  // VACUUM wrote the whole file into the WAL; copy it back and cut the WAL to nothing now, not at the next
  // checkpoint that happens to find no reader.
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

/** The main database's file, or null for an in-memory database. */
async function databasePath(db: Kysely<unknown>): Promise<string | null> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === "main")?.file;
  return file ? file : null;
}
