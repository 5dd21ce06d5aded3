import type { Kysely } from "kysely";
import type { Dialect } from "../db/create-database";
import type { Database } from "../db/schema";
import { AppError } from "../errors";

/**
 * Refuses to demote or remove `userId` when they are the last owner. Runs inside a write transaction:
 * SQLite's BEGIN IMMEDIATE serialises writers, and on PostgreSQL the owner rows are locked, so two owners
 * demoting each other at the same moment cannot both succeed.
 */
export async function assertAnotherOwnerRemains(trx: Kysely<Database>, dialect: Dialect, userId: string): Promise<void> {
  let query = trx.selectFrom("users").select("id").where("role", "=", "owner");
  if (dialect === "postgres") query = query.forUpdate();
  const owners = await query.execute();
  if (!owners.some((owner) => owner.id !== userId)) throw new AppError("conflict", "Lantern needs at least one owner. Make someone else an owner first.");
}
