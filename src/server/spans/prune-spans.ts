import type { Kysely } from "kysely";
import type { LanternDatabase } from "../db/create-database";
import type { Database } from "../db/schema";
import { writeTransaction } from "../db/write-transaction";
import { measureDatabaseSize } from "../storage/budget-database-size";
import { budgetTargetShare } from "../storage/budget-prune-oldest";

const dayMs = 86_400_000;
/** Spans per short write transaction: found by index before the lock, deleted by key inside it. */
const spansPerBatch = 5_000;
const batchesPerPass = 200;

interface SpanKey {
  trace_id: Uint8Array;
  span_id: Uint8Array;
  project_id: number;
}

/**
 * Span retention (LANTERN_SPAN_RETENTION_DAYS, default 14): spans that started before the cutoff, found
 * through `spans_project_time`, then the payload rows received before it (a span starts before its
 * envelope arrives, so no kept span still points at them), and the web vitals and span rollups of the same age. Bounded per
 * pass; the next pass goes on.
 */
export async function pruneSpans(database: LanternDatabase, retentionDays: number, now = Date.now()): Promise<number> {
  const cutoffMs = now - retentionDays * dayMs;
  const projects = await database.db.selectFrom("projects").select("id").execute();
  let deleted = 0;
  for (const project of projects) {
    for (let batch = 0; batch < batchesPerPass; batch += 1) {
      const keys = await database.db.selectFrom("spans").select(["trace_id", "span_id", "project_id"]).where("project_id", "=", project.id).where("start_us", "<", cutoffMs * 1000).limit(spansPerBatch).execute();
      if (keys.length > 0) await writeTransaction(database, (trx) => deleteSpans(trx, keys));
      deleted += keys.length;
      if (keys.length < spansPerBatch) break;
    }
    // Web vitals are a few rows per page load: one statement per project, through web_vitals_project_time.
    await writeTransaction(database, async (trx) => {
      await trx.deleteFrom("web_vitals").where("project_id", "=", project.id).where("start_us", "<", cutoffMs * 1000).execute();
      // Rollups go with the spans they summarize, by whole hours.
      for (const table of ["transaction_rollups", "span_group_rollups"] as const) await trx.deleteFrom(table).where("project_id", "=", project.id).where("hour", "<", cutoffMs - (cutoffMs % 3_600_000)).execute();
    });
  }
  await deletePayloadsBefore(database, cutoffMs);
  return deleted;
}

/**
 * The disk budget's first resort: spans come 10–100× as often as errors, so when the database is over
 * LANTERN_DISK_BUDGET the oldest spans go first, down to 90 % of the budget or until none is left, and
 * only then do events (storage/budget-prune-oldest.ts). Spans can never crowd out errors.
 */
export async function pruneSpansToDiskBudget(database: LanternDatabase, budgetBytes: number | null): Promise<number> {
  if (budgetBytes === null) return 0;
  let bytes = await measureDatabaseSize(database.db);
  let deleted = 0;
  while (bytes > budgetBytes * budgetTargetShare) {
    const oldest = await database.db.selectFrom("spans").select(["trace_id", "span_id", "project_id", "start_us"]).orderBy("start_us").limit(spansPerBatch).execute();
    if (oldest.length === 0) break;
    await writeTransaction(database, (trx) => deleteSpans(trx, oldest));
    deleted += oldest.length;
    await deletePayloadsBefore(database, Math.floor(Number(oldest.at(-1)!.start_us) / 1000));
    bytes = await measureDatabaseSize(database.db);
  }
  // The performance page says when the budget took spans.
  if (deleted > 0) await recordSpanBudgetPrune(database.db, deleted);
  return deleted;
}

const lastSpanPruneKey = "span_budget_last_prune";

async function recordSpanBudgetPrune(db: Kysely<Database>, deleted: number, at = Date.now()): Promise<void> {
  const value = JSON.stringify({ at, deleted });
  await db.insertInto("instance_settings").values({ key: lastSpanPruneKey, value }).onConflict((conflict) => conflict.column("key").doUpdateSet({ value })).execute();
}

/** When the disk budget last deleted spans, and how many; null when it never did. */
export async function readLastSpanBudgetPrune(db: Kysely<Database>): Promise<{ at: number; deleted: number } | null> {
  const row = await db.selectFrom("instance_settings").select("value").where("key", "=", lastSpanPruneKey).executeTakeFirst();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as { at?: unknown; deleted?: unknown };
    return typeof value.at === "number" && typeof value.deleted === "number" ? { at: value.at, deleted: value.deleted } : null;
  } catch {
    return null;
  }
}

async function deleteSpans(trx: Kysely<Database>, keys: SpanKey[]): Promise<void> {
  for (let start = 0; start < keys.length; start += 250) {
    const chunk = keys.slice(start, start + 250);
    await trx
      .deleteFrom("spans")
      .where((eb) => eb.or(chunk.map((key) => eb.and([eb("trace_id", "=", Buffer.from(key.trace_id)), eb("span_id", "=", Buffer.from(key.span_id)), eb("project_id", "=", key.project_id)]))))
      .execute();
  }
}

async function deletePayloadsBefore(database: LanternDatabase, cutoffMs: number): Promise<void> {
  for (let batch = 0; batch < batchesPerPass; batch += 1) {
    const ids = await database.db.selectFrom("span_payloads").select("id").where("received_at", "<", cutoffMs).limit(spansPerBatch).execute();
    if (ids.length > 0) await writeTransaction(database, (trx) => trx.deleteFrom("span_payloads").where("id", "in", ids.map((row) => row.id)).execute());
    if (ids.length < spansPerBatch) break;
  }
}
