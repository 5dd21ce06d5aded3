import type { Kysely } from "kysely";
import { getConfig, type LanternConfig } from "./config";
import { getDatabase } from "./db/get-database";
import type { Database } from "./db/schema";

export interface AppContext {
  db: Kysely<Database>;
  config: LanternConfig;
}

/** What pages and server actions hand to the verbs: the process's configuration and database. */
export async function getAppContext(): Promise<AppContext> {
  const { db } = await getDatabase();
  return { db, config: getConfig() };
}
