import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

const key = "auth_secret";

/**
 * The secret that signs session cookies: LANTERN_AUTH_SECRET, or one generated on first start and kept
 * in the database, so that restarts and every instance on one PostgreSQL database agree on it.
 */
export async function getAuthSecret(db: Kysely<Database>, configured: string | null): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString("base64url");
  await db.insertInto("instance_settings").values({ key, value: generated }).onConflict((conflict) => conflict.column("key").doNothing()).execute();
  const row = await db.selectFrom("instance_settings").select("value").where("key", "=", key).executeTakeFirstOrThrow();
  return row.value;
}
