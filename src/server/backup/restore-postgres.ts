import { resolve } from "node:path";
import type pg from "pg";
import { BackupError } from "./backup-error";
import { checkBackupVersion } from "./check-backup-version";
import { withPostgresClient } from "./postgres-session";
import { runPostgresTool, toolConnection } from "./run-postgres-tool";
import { serverApplicationName } from "./server-application-name";

/**
 * Restores a `lantern backup` of PostgreSQL (pg_dump's custom format) into the schema it was taken from:
 * refuses while a `lantern start` is connected, reads the archive's table of contents (`pg_restore
 * --list`, which also proves the archive readable) and its migrations; then moves the current schema
 * aside, restores into a new one in a single transaction (`pg_restore --clean --if-exists`) and drops the
 * old one only after that succeeded — a failed restore puts it back. The caller migrates forward.
 */
export async function restorePostgres(backupFile: string, url: string): Promise<void> {
  const file = resolve(backupFile);
  const { dbname, env } = toolConnection(url);
  const schema = await readArchiveSchema(file, env);
  checkBackupVersion(await readArchiveMigrations(file, schema, env));
  const aside = `${schema}_before_restore`.slice(0, 63);
  const hasSchema = await withPostgresClient(url, async (client) => {
    // Null when no schema of search_path exists yet (a new database or schema): the restore creates it.
    const target = (await client.query<{ schema: string | null }>("select current_schema() as schema")).rows[0]?.schema ?? null;
    if (target !== null && target !== schema) throw new BackupError(`the backup holds schema ${schema}, but this connection uses schema ${target}: point DATABASE_URL's search_path at ${schema} to restore it.`);
    const servers = await countServers(client);
    if (servers > 0) throw new BackupError(`${servers} connection(s) of a running Lantern server (application_name "${serverApplicationName}") use this database. Stop every lantern start and run the restore again.`);
    const leftover = await client.query("select 1 from pg_namespace where nspname = $1", [aside]);
    if (leftover.rowCount) throw new BackupError(`schema ${aside} exists: an earlier restore was interrupted and it may hold the data from before it. Look at it, drop it (drop schema "${aside}" cascade) and run the restore again.`);
    if (target === null) return false;
    await client.query(`alter schema ${quote(schema)} rename to ${quote(aside)}`);
    await client.query(`create schema ${quote(schema)}`);
    return true;
  });
  try {
    await runPostgresTool("pg_restore", ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${dbname}`, file], env);
  } catch (error) {
    if (hasSchema) {
      await withPostgresClient(url, async (client) => {
        await client.query(`drop schema if exists ${quote(schema)} cascade`);
        await client.query(`alter schema ${quote(aside)} rename to ${quote(schema)}`);
      });
    }
    throw error;
  }
  if (hasSchema) await withPostgresClient(url, (client) => client.query(`drop schema ${quote(aside)} cascade`));
}

async function readArchiveSchema(file: string, env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await runPostgresTool("pg_restore", ["--list", file], env).catch((error: unknown) => {
    throw new BackupError(`${file} is not a readable pg_dump archive (custom format): ${(error as Error).message}`);
  });
  // A table entry of the list: "350; 1259 637986 TABLE myschema lantern_migrations owner"
  const entry = /^\d+;\s+\d+\s+\d+\s+TABLE\s+(\S+)\s+lantern_migrations\s/m.exec(stdout);
  if (!entry) throw new BackupError(`${file} holds no Lantern database (no lantern_migrations table): is it a Lantern backup?`);
  return entry[1]!;
}

/** The names in the archive's lantern_migrations rows, from the COPY block pg_restore prints for that table. */
async function readArchiveMigrations(file: string, schema: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const { stdout } = await runPostgresTool("pg_restore", ["--data-only", `--schema=${schema}`, "--table=lantern_migrations", "--file=-", file], env);
  const copy = /^COPY \S+ \([^)]*\) FROM stdin;\n([\s\S]*?)^\\\.$/m.exec(stdout);
  return copy ? copy[1]!.split("\n").filter(Boolean).map((line) => line.split("\t")[0]!) : [];
}

async function countServers(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ count: string }>(
    "select count(*) as count from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
    [serverApplicationName],
  );
  return Number(rows[0]?.count ?? 0);
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
