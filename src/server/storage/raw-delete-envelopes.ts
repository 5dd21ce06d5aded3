import type { Kysely } from "kysely";
import { chunks } from "../db/chunks";
import type { Database } from "../db/schema";

/**
 * Deletes raw envelopes — their bodies and their rows in the received list — inside the caller's
 * transaction. The bodies go first, explicitly: the cascade from `intake` would do it too, but this way
 * neither dialect has to find them through a foreign key. What digest made of them (events, attachments,
 * stored items, counters) stays.
 */
export async function deleteRawEnvelopes(trx: Kysely<Database>, intakeIds: number[]): Promise<void> {
  for (const chunk of chunks(intakeIds, 500)) {
    await trx.deleteFrom("intake_bodies").where("intake_id", "in", chunk).execute();
    await trx.deleteFrom("intake").where("id", "in", chunk).execute();
  }
}
