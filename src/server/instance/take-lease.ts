import { sql, type RawBuilder } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";

export interface LeaseRequest {
  /** The job: "housekeeping", "backups". */
  name: string;
  /** This instance (instance/instance-id.ts). */
  holder: string;
  ttlMs: number;
}

/**
 * Takes the lease `name` for `ttlMs`, or renews it when `holder` has it already: one conditional upsert,
 * which succeeds only when the row is missing, is ours, or has run out. Several instances asking at once
 * get one winner (the row's unique name). On PostgreSQL the database's clock decides, so instances whose
 * clocks disagree still agree on when a lease ran out. Returns whether `holder` holds it now.
 */
export async function takeLease(database: LanternDatabase, { name, holder, ttlMs }: LeaseRequest): Promise<boolean> {
  const now = databaseNow(database);
  const taken = await writeTransaction(database, (trx) =>
    trx
      .insertInto("leases")
      .values({ name, holder, expires_at: sql<number>`${now} + ${ttlMs}` })
      .onConflict((conflict) =>
        conflict
          .column("name")
          .doUpdateSet({ holder, expires_at: sql<number>`${now} + ${ttlMs}` })
          .where((eb) => eb.or([eb("leases.holder", "=", holder), eb("leases.expires_at", "<=", now)])),
      )
      .returning("holder")
      .executeTakeFirst(),
  );
  return taken?.holder === holder;
}

/** Gives the lease up at once (a clean shutdown), so the next instance need not wait for it to run out. */
export async function releaseLease(database: LanternDatabase, { name, holder }: Omit<LeaseRequest, "ttlMs">): Promise<void> {
  await writeTransaction(database, (trx) => trx.deleteFrom("leases").where("name", "=", name).where("holder", "=", holder).execute());
}

function databaseNow(database: LanternDatabase): RawBuilder<number> {
  // SQLite is one machine's file: this process's clock is the clock.
  return database.dialect === "postgres" ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint` : sql<number>`${Date.now()}`;
}
