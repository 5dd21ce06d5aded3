import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { writeTransaction } from "../db/write-transaction";

const dayMs = 86_400_000;
const itemsPerBatch = 1_000;
/** Per project and pass; the next pass (10 minutes later) goes on. */
const batchesPerPass = 1_000;

/**
 * Stored items (transactions, spans, logs, check-ins, feedback, profiles) age out like events:
 * older than the project's retention (`projects.retention_days`, else LANTERN_RETENTION_DAYS) by the time
 * they were received. A thousand per short write transaction, found through the
 * `stored_items_project_received` index (migration 0010). Returns how many items were deleted.
 */
export async function pruneStoredItems(database: LanternDatabase, defaults: Pick<LanternConfig["retention"], "days">, now = Date.now()): Promise<number> {
  const projects = await database.db.selectFrom("projects").select(["id", "retention_days"]).execute();
  let deleted = 0;
  for (const project of projects) {
    const cutoff = now - (project.retention_days ?? defaults.days) * dayMs;
    for (let batch = 0; batch < batchesPerPass; batch += 1) {
      // Found before the write lock is taken, so a project with nothing to delete never takes it.
      const rows = await database.db.selectFrom("stored_items").select("id").where("project_id", "=", project.id).where("received_at", "<", cutoff).limit(itemsPerBatch).execute();
      if (rows.length > 0) await writeTransaction(database, (trx) => trx.deleteFrom("stored_items").where("id", "in", rows.map((row) => row.id)).execute());
      deleted += rows.length;
      if (rows.length < itemsPerBatch) break;
    }
  }
  return deleted;
}
