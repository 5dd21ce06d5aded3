import pg from "pg";
import { postgresSetupHelp, testPostgresUrl } from "./postgres-url";

/**
 * Fails the PostgreSQL project at once, with the fix, when no server answers. Test schemas are dropped
 * here, before and after the whole run, not by each file: a schema dropped while another file's migrator
 * introspects the catalogue makes that introspection fail.
 */
export default async function requirePostgres(): Promise<() => Promise<void>> {
  await dropTestSchemas();
  return dropTestSchemas;
}

async function dropTestSchemas(): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like 'test\\_%'");
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${postgresSetupHelp}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
