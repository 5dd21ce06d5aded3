import { sql, type Kysely } from "kysely";
import type { LanternDatabase } from "./create-database";
import type { Database } from "./schema";

/**
 * A transaction that reads and then writes. SQLite's default BEGIN takes the write lock only at the first
 * write, and fails with SQLITE_BUSY (no waiting) when another connection committed since the first read;
 * BEGIN IMMEDIATE takes the lock first and waits for it (busy_timeout). PostgreSQL needs nothing special.
 * When another thread of this process writes to the same file, the two take turns through the write gate
 * first, so neither waits in SQLite's busy handler.
 */
export async function writeTransaction<T>(database: LanternDatabase, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (database.dialect === "postgres") return database.db.transaction().execute(work);
  const transaction = () => database.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
  return database.writeGate ? database.writeGate.hold(transaction) : transaction();
}
