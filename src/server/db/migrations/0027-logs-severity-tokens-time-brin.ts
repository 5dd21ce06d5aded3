import { PostgresAdapter, sql, type Kysely } from "kysely";

/**
 * PostgreSQL: severity tokens in `terms`, and a BRIN index of log lines' timestamps. A search for an attribute value finds the value's lines of
 * every day through the GIN index on `terms`; without a cheap way to narrow them to the window, PostgreSQL read
 * one heap block per line of every day to check its time (docs/performance.md, "Logs"). Lines arrive roughly in
 * time order, so a block range's min/max timestamps are tight: a few kilobytes of BRIN let the planner AND the
 * GIN bitmap with the window's block ranges before reading the heap. SQLite needs nothing: its FTS5 path reads
 * matching ids newest first and stops at the window's start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index logs_time_brin on logs using brin (timestamp_us) with (pages_per_range = 16)`.execute(db);
  // Lines stored before this version get their severity token (log-terms.ts severityToken: `s` and the level's
  // digit, 1 trace … 6 fatal), which a search for a severity and an attribute now intersects in the index.
  await sql`update logs set terms = terms || array_to_tsvector(array['s' || least(6, greatest(1, (severity - 1) / 4 + 1))::text])`.execute(db);
}
