import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface ActiveKey {
  projectId: number;
  publicKey: string;
}

/** The project a public key belongs to, when the key exists and is active. */
export async function findActiveKey(db: Kysely<Database>, publicKey: string): Promise<ActiveKey | undefined> {
  return db
    .selectFrom("project_keys")
    .select(["project_id as projectId", "public_key as publicKey"])
    .where("public_key", "=", publicKey)
    .where("is_active", "=", 1)
    .executeTakeFirst();
}
