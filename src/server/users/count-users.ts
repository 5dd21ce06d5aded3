import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** Whether anyone has an account yet: until then every page leads to the setup screen. */
export async function hasAnyUser(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}
