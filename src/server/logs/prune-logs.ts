import { sql, type Kysely } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { measureDatabaseSize } from "../storage/budget-database-size";
import { budgetTargetShare } from "../storage/budget-prune-oldest";

const dayMs = 86_400_000;
/** Lines per short write transaction: found by index before the lock, deleted by id inside it. */
const logsPerBatch = 5_000;
const batchesPerPass = 200;

/**
 * Log retention (LANTERN_LOG_RETENTION_DAYS, default 7): lines stamped before the cutoff, found through
 * `logs_project_time`, with their search tokens; then the payload rows received before it (a line is stamped
 * before its envelope arrives, so no kept line still points at them). Strings (templates, releases,
 * environments) stay: a few rows per project. Bounded per pass; the next pass goes on.
 */
export async function pruneLogs(database: LanternDatabase, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoffUs = (now - retentionDays * dayMs) * 1000;
  const projects = await database.db.selectFrom("projects").select("id").execute();
  let deleted = 0;
  for (const project of projects) {
    for (let batch = 0; batch < batchesPerPass; batch += 1) {
      const ids = await database.db.selectFrom("logs").select("id").where("project_id", "=", project.id).where("timestamp_us", "<", cutoffUs).limit(logsPerBatch).execute();
      if (ids.length > 0) await writeTransaction(database, (trx) => deleteLogs(trx, database.dialect, ids.map((row) => Number(row.id))));
      deleted += ids.length;
      if (ids.length < logsPerBatch) break;
    }
  }
  await deletePayloadsBefore(database, cutoffUs / 1000);
  return deleted;
}

/**
 * Over LANTERN_DISK_BUDGET log lines go first — before spans and long before events: they come in the largest
 * numbers and are worth the least once old. The oldest lines go, down to 90 % of the budget or until none is
 * left; then spans (spans/prune-spans.ts), then events.
 */
export async function pruneLogsToDiskBudget(database: LanternDatabase, budgetBytes: number | null): Promise<number> {
  if (budgetBytes === null) return 0;
  let bytes = await measureDatabaseSize(database.db);
  let deleted = 0;
  while (bytes > budgetBytes * budgetTargetShare) {
    const oldest = await database.db.selectFrom("logs").select(["id", "timestamp_us"]).orderBy("timestamp_us").limit(logsPerBatch).execute();
    if (oldest.length === 0) break;
    await writeTransaction(database, (trx) => deleteLogs(trx, database.dialect, oldest.map((row) => Number(row.id))));
    deleted += oldest.length;
    await deletePayloadsBefore(database, Math.floor(Number(oldest.at(-1)!.timestamp_us) / 1000));
    bytes = await measureDatabaseSize(database.db);
  }
  return deleted;
}

/** The rows and, on SQLite, their entries in the contentless search index (which cannot find them by itself). */
export async function deleteLogs(trx: Kysely<Database>, dialect: LanternDatabase["dialect"], ids: number[]): Promise<void> {
  for (let start = 0; start < ids.length; start += 500) {
    const chunk = ids.slice(start, start + 500);
    if (dialect === "sqlite") await sql`delete from logs_fts where rowid in (${sql.join(chunk)})`.execute(trx);
    await trx.deleteFrom("logs").where("id", "in", chunk).execute();
  }
}

async function deletePayloadsBefore(database: LanternDatabase, cutoffMs: number): Promise<void> {
  for (let batch = 0; batch < batchesPerPass; batch += 1) {
    const ids = await database.db.selectFrom("log_payloads").select("id").where("received_at", "<", cutoffMs).limit(logsPerBatch).execute();
    if (ids.length > 0) await writeTransaction(database, (trx) => trx.deleteFrom("log_payloads").where("id", "in", ids.map((row) => row.id)).execute());
    if (ids.length < logsPerBatch) break;
  }
}
