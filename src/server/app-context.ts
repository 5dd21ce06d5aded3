import type { Kysely } from "kysely";
import { getConfig, type LanternConfig } from "./config";
import type { LanternDatabase } from "./db/create-database";
import { getDatabase } from "./db/get-database";
import type { Database } from "./db/schema";

export interface AppContext {
  db: Kysely<Database>;
  /** The database with its dialect, for verbs that run a write transaction (issue transitions). */
  database: LanternDatabase;
  config: LanternConfig;
}

/** What pages and server actions hand to the verbs: the process's configuration and database. */
export async function getAppContext(): Promise<AppContext> {
  const database = await getDatabase();
  return { db: database.db, database, config: getConfig() };
}
