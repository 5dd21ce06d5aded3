import { sql } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";

const dayMs = 86_400_000;
/** Replays per short write transaction (each with its segments, up to a few hundred MB in the worst case). */
const replaysPerBatch = 50;
const batchesPerPass = 200;

/**
 * Replay retention (LANTERN_REPLAY_RETENTION_DAYS, default 30): replays whose last segment arrived before
 * the cutoff go with their segments (found through `replays_updated`), in short transactions.
 */
export async function pruneReplays(database: LanternDatabase, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoff = now - retentionDays * dayMs;
  let deleted = 0;
  for (let batch = 0; batch < batchesPerPass; batch += 1) {
    const ids = await database.db.selectFrom("replays").select("id").where("updated_at", "<", cutoff).orderBy("updated_at").limit(replaysPerBatch).execute();
    if (ids.length > 0) await deleteReplays(database, ids.map((row) => Number(row.id)));
    deleted += ids.length;
    if (ids.length < replaysPerBatch) break;
  }
  return deleted;
}

/**
 * Replays' own share of LANTERN_DISK_BUDGET (LANTERN_REPLAY_DISK_SHARE percent): while their recordings
 * hold more, the replays updated longest ago go, down to 90 % of the share. A busy site's recordings then
 * never push out its errors, and errors never push out its replays.
 */
export async function pruneReplaysToDiskShare(database: LanternDatabase, budgetBytes: number | null, sharePercent: number): Promise<number> {
  if (budgetBytes === null) return 0;
  const share = (budgetBytes * sharePercent) / 100;
  let bytes = await replayBytes(database);
  if (bytes <= share) return 0;
  let deleted = 0;
  while (bytes > share * 0.9) {
    const oldest = await database.db.selectFrom("replays").select(["id", "stored_bytes"]).orderBy("updated_at").limit(replaysPerBatch).execute();
    if (oldest.length === 0) break;
    let take = 0;
    let freed = 0;
    while (take < oldest.length && bytes - freed > share * 0.9) freed += Number(oldest[take++]!.stored_bytes);
    await deleteReplays(database, oldest.slice(0, take).map((row) => Number(row.id)));
    deleted += take;
    bytes -= freed;
  }
  return deleted;
}

/** What replays' recordings hold: the sum their rows keep, so measuring reads no segment. */
export async function replayBytes(database: LanternDatabase): Promise<number> {
  const row = await database.db.selectFrom("replays").select(sql<number>`coalesce(sum(stored_bytes), 0)`.as("bytes")).executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

async function deleteReplays(database: LanternDatabase, ids: number[]): Promise<void> {
  await writeTransaction(database, async (trx) => {
    await trx.deleteFrom("replay_segments").where("replay_row_id", "in", ids).execute();
    await trx.deleteFrom("replays").where("id", "in", ids).execute();
  });
}
