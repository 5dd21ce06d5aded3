import pg from "pg";
import { postgresSetupHelp, testPostgresUrl } from "./postgres-url";

/** Fails the PostgreSQL project at once, with the fix, when no server answers. */
export default async function requirePostgres(): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`${(error as Error).message}\n\n${postgresSetupHelp}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
