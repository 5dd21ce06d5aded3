import { getConfig } from "../config";
import { getDatabase } from "../db/get-database";
import { createAuth, type Auth } from "./create-auth";
import { getAuthSecret } from "./get-auth-secret";

const holder = globalThis as typeof globalThis & { lanternAuth?: Promise<Auth> };

/** The process-wide better-auth instance, over the process-wide database (shared by every Next bundle). */
export function getAuth(): Promise<Auth> {
  holder.lanternAuth ??= (async () => {
    const database = await getDatabase();
    const config = getConfig();
    return createAuth(database, config, await getAuthSecret(database.db, config.auth.secret));
  })();
  return holder.lanternAuth;
}
