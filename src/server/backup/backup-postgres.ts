import { rename, rm, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { BackupError } from "./backup-error";
import type { BackupResult } from "./backup-result";
import { currentSchema, withPostgresClient } from "./postgres-session";
import { postgresToolVersion, runPostgresTool, toolConnection } from "./run-postgres-tool";

/**
 * `pg_dump --format=custom` of Lantern's schema: one consistent snapshot (pg_dump reads in one repeatable-read
 * transaction) while ingest goes on. pg_dump cannot dump a server of a newer major version than its own:
 * that is said before it runs, with what to install.
 */
export async function backupPostgres(url: string, targetFile: string): Promise<BackupResult> {
  const started = performance.now();
  const version = await postgresToolVersion("pg_dump");
  const { schema, serverVersion } = await withPostgresClient(url, async (client) => ({
    schema: await currentSchema(client),
    serverVersion: (await client.query<{ version: string }>("select current_setting('server_version') as version")).rows[0]?.version ?? "unknown",
  }));
  const [dumpMajor, serverMajor] = [parseInt(version, 10), parseInt(serverVersion, 10)];
  if (dumpMajor < serverMajor) {
    throw new BackupError(`pg_dump ${version} cannot dump a PostgreSQL ${serverMajor} server: install the client tools of version ${serverMajor} or newer (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}, from apt.postgresql.org if the distribution has none).`);
  }
  const target = resolve(targetFile);
  const partial = `${target}.partial`;
  const { dbname, env } = toolConnection(url);
  try {
    await runPostgresTool("pg_dump", ["--format=custom", `--schema=${schema}`, "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`], env);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError) throw new BackupError(`${error.message} (pg_dump ${version}, server ${serverVersion})`);
    throw error;
  }
  return { file: target, bytes: (await stat(target)).size, milliseconds: performance.now() - started, method: `pg_dump --format=custom (pg_dump ${version}, server ${serverVersion}), schema ${schema}` };
}
