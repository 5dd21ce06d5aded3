import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";
import { deleteRawEnvelopes } from "./raw-delete-envelopes";

const hourMs = 3_600_000;
const envelopesPerBatch = 1_000;
/** A pass stops here (a million envelopes) and the next one goes on, so one pass never holds digest up for long. */
const batchesPerPass = 1_000;

/**
 * Raw envelopes are a buffer between ingest and digest, not an archive: once digested and older than
 * LANTERN_RAW_RETENTION_HOURS, an envelope's body and its row in the received list are deleted, oldest
 * first, a thousand per short write transaction (ingest's commits go between them), through the
 * `intake_received_at` index (migration 0010). Envelopes still waiting for digest are never deleted.
 * At 0 hours digest deletes them itself (digest-batch); this pass then finds what another digester
 * (`lantern digest`) left. Returns how many envelopes were deleted.
 */
export async function pruneRawEnvelopes(database: LanternDatabase, { rawHours }: Pick<LanternConfig["retention"], "rawHours">, now = Date.now()): Promise<number> {
  const cutoff = now - rawHours * hourMs;
  let deleted = 0;
  for (let batch = 0; batch < batchesPerPass; batch += 1) {
    // Found before the write lock is taken: digested envelopes are never written again, so the ids hold.
    const rows = await database.db
      .selectFrom("intake")
      .select("id")
      .where("received_at", "<", cutoff)
      .where("digested_at", "is not", null)
      .orderBy("received_at")
      .limit(envelopesPerBatch)
      .execute();
    if (rows.length > 0) await writeTransaction(database, (trx) => deleteRawEnvelopes(trx, rows.map((row) => row.id)));
    deleted += rows.length;
    if (rows.length < envelopesPerBatch) break;
  }
  return deleted;
}
