import { getConfig } from "../config";
import { createDatabase, type LanternDatabase } from "./create-database";
import { migrateToLatest } from "./migrate";

/**
 * The process-wide database for the running server. Kept on globalThis so that every bundle of the
 * Next.js server (route handlers, pages, instrumentation) shares one connection pool.
 */
const holder = globalThis as typeof globalThis & { lanternDatabase?: Promise<LanternDatabase> };

export function getDatabase(): Promise<LanternDatabase> {
  holder.lanternDatabase ??= openAndMigrate();
  return holder.lanternDatabase;
}

async function openAndMigrate(): Promise<LanternDatabase> {
  const database = createDatabase(getConfig().database);
  await migrateToLatest(database.db);
  return database;
}
