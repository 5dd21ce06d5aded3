import type { LanternConfig } from "../src/server/config";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";

/** Opens the configured database for one command and always closes it, so the process can exit. */
export async function withDatabase<T>(config: LanternConfig, work: (database: LanternDatabase) => Promise<T>): Promise<T> {
  const database = createDatabase(config.database);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
