import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { pruneArtifactBundles } from "../sourcemaps/prune-artifact-bundles";
import { measureDatabaseSize } from "./budget-database-size";

/** Over the disk budget, a bundle unused this long (beyond its project's newest) goes before any event does. */
export const budgetSourceMapIdleDays = 7;

/**
 * Source-map bundles count against the disk budget: when the database holds more than `budgetBytes`, bundles
 * neither uploaded nor used for a week are deleted (each project keeps its newest `keepPerProject`) before
 * the budget prunes events (budget-prune-oldest), since an old build's maps matter less than its errors.
 * Returns how many bundles went; null when under budget or without one.
 */
export async function pruneSourceMapsToDiskBudget(database: LanternDatabase, budgetBytes: number | null, sourceMaps: Pick<LanternConfig["sourceMaps"], "retentionDays" | "keepPerProject">, now = Date.now()): Promise<number | null> {
  if (budgetBytes === null || (await measureDatabaseSize(database.db)) <= budgetBytes) return null;
  const pruned = await pruneArtifactBundles(database, { retentionDays: Math.min(sourceMaps.retentionDays, budgetSourceMapIdleDays), keepPerProject: sourceMaps.keepPerProject }, now);
  return pruned.bundles;
}
