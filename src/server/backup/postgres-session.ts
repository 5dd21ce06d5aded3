import pg from "pg";
import { BackupError } from "./backup-error";

/** One short-lived connection for what backup and restore ask PostgreSQL directly. */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`cannot connect to PostgreSQL (DATABASE_URL): ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Lantern's tables live in the connection's current schema (`public` unless the URL sets search_path). */
export async function currentSchema(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ schema: string | null }>("select current_schema() as schema");
  const schema = rows[0]?.schema;
  if (!schema) throw new Error("the connection has no current schema (search_path names no existing schema)");
  return schema;
}
