// Copies a kept bench:dashboard seed (SQLite) into an empty PostgreSQL database, so that `bench/dashboard.mjs
// --database <seed> --postgres <url>` measures the same pages on the same rows on PostgreSQL. The seed writes
// SQLite directly (better-sqlite3, for speed); a PostgreSQL seed of its own would be a second seeder to keep true.
// Tables come from migrateToLatest on the target; every row of every table is copied with its id (multi-row
// inserts in one transaction per table, foreign keys deferred by copying with session_replication_role =
// replica), then each identity sequence is set past the largest id and the tables analyzed.
// SQLite keeps booleans as 0/1: they become booleans where the PostgreSQL column is one.
// Run: npx tsx bench/dashboard/copy-to-postgres.ts <seed lantern.db> postgres://…/lantern_dash
import BetterSqlite3 from "better-sqlite3";
import { createDatabase } from "../../src/server/db/create-database";
import { migrateToLatest } from "../../src/server/db/migrate";
import pg from "pg";

const [sqlitePath, url] = process.argv.slice(2);
if (!sqlitePath || !url) throw new Error("usage: copy-to-postgres.ts <seed lantern.db> <postgres url>");

const target = createDatabase({ dialect: "postgres", url } as Parameters<typeof createDatabase>[0]);
await migrateToLatest(target.db);
await target.close();

const source = new BetterSqlite3(sqlitePath, { readonly: true });
const client = new pg.Client({ connectionString: url });
await client.connect();
const started = performance.now();
try {
  const tables = (
    await client.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'",
    )
  ).rows.map((row) => row.table_name);
  const nonEmpty = tables.filter((table) => (source.prepare(`select exists (select 1 from "${table}") as found`).get() as { found: number }).found === 1);
  const existing = (await client.query<{ n: string }>(`select count(*) as n from (${nonEmpty.map((table) => `select 1 from "${table}"`).join(" union all ")}) rows`)).rows[0]!.n;
  if (Number(existing) > 0) {
    // Migrations insert a few rows of their own (settings, the Lantern project): those tables start empty here.
    await client.query(`truncate ${nonEmpty.map((table) => `"${table}"`).join(", ")} cascade`);
  }
  await client.query("set session_replication_role = replica");
  for (const table of nonEmpty) {
    const columns = (
      await client.query<{ column_name: string; data_type: string }>(
        "select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position",
        [table],
      )
    ).rows;
    const sourceColumns = new Set((source.prepare(`select name from pragma_table_info('${table}')`).all() as { name: string }[]).map((row) => row.name));
    const copied = columns.filter((column) => sourceColumns.has(column.column_name));
    const isBoolean = copied.map((column) => column.data_type === "boolean");
    const names = copied.map((column) => `"${column.column_name}"`).join(", ");
    // PostgreSQL takes at most 65,535 parameters per statement; payload rows are a few KB each.
    const rowsPerInsert = Math.max(1, Math.min(500, Math.floor(60_000 / copied.length)));
    const tableStarted = performance.now();
    let count = 0;
    let batch: unknown[][] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const values = batch.map((_, row) => `(${copied.map((__, column) => `$${row * copied.length + column + 1}`).join(", ")})`).join(", ");
      await client.query(`insert into "${table}" (${names}) values ${values}`, batch.flat());
      count += batch.length;
      batch = [];
    };
    await client.query("begin");
    for (const row of source.prepare(`select ${names} from "${table}"`).raw().iterate() as IterableIterator<unknown[]>) {
      batch.push(row.map((value, index) => (isBoolean[index] && value !== null ? value === 1 || value === 1n || value === true : value)));
      if (batch.length === rowsPerInsert) await flush();
    }
    await flush();
    await client.query("commit");
    console.log(`${table}: ${count.toLocaleString("en")} rows in ${((performance.now() - tableStarted) / 1000).toFixed(1)} s`);
  }
  await client.query("set session_replication_role = origin");
  // Identity columns: the next id follows the copied ones.
  const identities = (
    await client.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = current_schema() and (is_identity = 'YES' or column_default like 'nextval(%')",
    )
  ).rows;
  for (const { table_name: table, column_name: column } of identities) {
    await client.query(`select setval(pg_get_serial_sequence('"${table}"', '${column}'), greatest((select max("${column}") from "${table}"), 1))`);
  }
  await client.query("analyze");
  console.log(`copied ${nonEmpty.length} tables in ${((performance.now() - started) / 1000).toFixed(0)} s`);
} finally {
  await client.end();
  source.close();
}
