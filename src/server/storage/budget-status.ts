import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { measureDatabaseSize } from "./budget-database-size";
import type { RecordedBudgetPrune, DiskBudgetStatus } from "@/lib/views/storage";
export type { RecordedBudgetPrune, DiskBudgetStatus } from "@/lib/views/storage";

const lastPruneKey = "disk_budget_last_prune";
/** The banner measures at most this often per process: every dashboard page asks. */
const measureLifetimeMs = 60_000;
/** After housekeeping pruned for the budget, the banner says so for this long. */
const recentPruneMs = 60 * 60_000;

/** Written by housekeeping after pruning for the budget. */
export async function recordBudgetPrune(db: Kysely<Database>, prune: Omit<RecordedBudgetPrune, "at">, at = Date.now()): Promise<void> {
  const value = JSON.stringify({ at, budgetBytes: prune.budgetBytes, bytesBefore: prune.bytesBefore, bytesAfter: prune.bytesAfter, deleted: prune.deleted });
  await db.insertInto("instance_settings").values({ key: lastPruneKey, value }).onConflict((conflict) => conflict.column("key").doUpdateSet({ value })).execute();
}

export async function readLastBudgetPrune(db: Kysely<Database>): Promise<RecordedBudgetPrune | null> {
  const row = await db.selectFrom("instance_settings").select("value").where("key", "=", lastPruneKey).executeTakeFirst();
  if (!row) return null;
  try {
    return JSON.parse(row.value) as RecordedBudgetPrune;
  } catch {
    return null;
  }
}

const cache = new WeakMap<object, { at: number; status: DiskBudgetStatus }>();

/** The database's size against LANTERN_DISK_BUDGET (null when there is no budget), measured once a minute. */
export async function readDiskBudgetStatus(db: Kysely<Database>, budgetBytes: number | null, now = Date.now()): Promise<DiskBudgetStatus | null> {
  if (budgetBytes === null) return null;
  const cached = cache.get(db);
  if (cached && cached.status.budgetBytes === budgetBytes && now - cached.at < measureLifetimeMs) return cached.status;
  const bytes = await measureDatabaseSize(db);
  const lastPrune = await readLastBudgetPrune(db);
  const prunedRecently = lastPrune !== null && lastPrune.deleted > 0 && now - lastPrune.at < recentPruneMs;
  const status = { budgetBytes, bytes, isOverBudget: bytes > budgetBytes, lastPrune, prunedRecently };
  cache.set(db, { at: now, status });
  return status;
}
