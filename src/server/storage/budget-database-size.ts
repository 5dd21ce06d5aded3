import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { TableSize } from "@/lib/views/storage";
export type { TableSize } from "@/lib/views/storage";

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Pages a PostgreSQL size estimate reads per table at most (8 KB each): the estimate stays cheap at any size. */
const samplePages = 1_000;

/**
 * What the database holds, the measure the disk budget is held to.
 *
 * SQLite: pages in use (page_count − freelist_count) × page_size, exact and free: deleted rows leave whole
 * pages on the freelist, which new rows reuse (and incremental vacuum hands back to the filesystem). The
 * WAL is left out: it is a log, checkpointed and restarted all the time.
 *
 * PostgreSQL: files never shrink after DELETE (VACUUM only marks the space reusable), so their size
 * (pg_total_relation_size) would stay over the budget however much is pruned. Each table's size is
 * scaled by the share of it live rows take up, estimated from a sample of at most 1,000 pages
 * (TABLESAMPLE SYSTEM, the rows' pg_column_size, TOASTed values included): exact for small tables, an
 * estimate within a few percent for large ones.
 */
export async function measureDatabaseSize(db: Kysely<Database>): Promise<number> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ bytes: number }>`
      select (p.page_count - f.freelist_count) * s.page_size as bytes from pragma_page_count() p, pragma_freelist_count() f, pragma_page_size() s`.execute(db);
    return Number(rows[0]?.bytes ?? 0);
  }
  return (await measureTables(db)).reduce((sum, table) => sum + table.bytes, 0);
}

/**
 * Bytes in use per table (indexes counted with their table), largest first. SQLite: the dbstat virtual
 * table (compiled into better-sqlite3), which walks every page: a second or two per gigabyte, so callers
 * cache it. PostgreSQL: as measureDatabaseSize.
 */
export async function measureTables(db: Kysely<Database>): Promise<TableSize[]> {
  if (!isPostgres(db)) {
    const { rows } = await sql<{ table: string; bytes: number }>`
      select coalesce(m.tbl_name, s.name) as "table", sum(s.pgsize - s.unused) as bytes
      from dbstat('main', 1) s left join sqlite_master m on m.name = s.name
      group by 1 order by 2 desc`.execute(db);
    return rows.map((row) => ({ table: row.table, bytes: Number(row.bytes) }));
  }
  const { rows: tables } = await sql<{ table: string; total: number; heap: number; pages: number }>`
    select c.relname as "table", pg_total_relation_size(c.oid) as total,
      pg_total_relation_size(c.oid) - pg_indexes_size(c.oid) as heap,
      pg_relation_size(c.oid) / current_setting('block_size')::int as pages
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  const sizes: TableSize[] = [];
  for (const table of tables) {
    if (Number(table.total) === 0 || Number(table.pages) === 0) {
      sizes.push({ table: table.table, bytes: 0 });
      continue;
    }
    const percent = Math.min(100, (100 * samplePages) / Number(table.pages));
    // The table name comes from pg_class of our own schema, never from a request.
    const { rows } = await sql<{ bytes: number | null }>`
      select sum(pg_column_size(t.*))::bigint as bytes from ${sql.table(table.table)} as t tablesample system (${sql.lit(percent)})`.execute(db);
    const liveHeap = (Number(rows[0]?.bytes ?? 0) * 100) / percent;
    const liveShare = Math.min(1, liveHeap / Number(table.heap));
    sizes.push({ table: table.table, bytes: Math.round(Number(table.total) * liveShare) });
  }
  return sizes.sort((a, b) => b.bytes - a.bytes);
}
