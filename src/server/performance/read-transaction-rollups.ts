import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { spanStringKinds } from "../spans/span-strings";
import { decodeHistogram, mergeHistograms, type DurationHistogram } from "@/lib/duration-histogram";
import { decodeUserSketch, emptyUserSketch, mergeUserSketches, type UserSketch } from "@/lib/user-sketch";

export const hourMs = 3_600_000;

export interface RollupRow {
  hour: number;
  segmentNameId: number;
  opId: number;
  releaseId: number;
  environmentId: number;
  count: number;
  failed: number;
  durationSumUs: number;
  histogram: DurationHistogram;
  users: UserSketch;
}

/**
 * A project's transaction rollups from the hour holding `sinceMs` on (migrations/0023-span-rollups.ts),
 * of one transaction name or all, of one environment (its span_strings id; -1: none matches) or all.
 * Whole hours: a window is widened to the hour it starts in.
 */
export async function readTransactionRollups(db: Kysely<Database>, projectId: number, sinceMs: number, segmentNameId?: number, environmentId?: number): Promise<RollupRow[]> {
  let query = db
    .selectFrom("transaction_rollups")
    .select(["hour", "segment_name_id", "op_id", "release_id", "environment_id", "count", "failed", "duration_sum_us", "histogram", "users"])
    .where("project_id", "=", projectId)
    .where("hour", ">=", hourStart(sinceMs));
  if (segmentNameId !== undefined) query = query.where("segment_name_id", "=", segmentNameId);
  if (environmentId !== undefined) query = query.where("environment_id", "=", environmentId);
  const rows = await query.execute();
  return rows.map((row) => ({
    hour: Number(row.hour),
    segmentNameId: Number(row.segment_name_id),
    opId: Number(row.op_id),
    releaseId: Number(row.release_id),
    environmentId: Number(row.environment_id),
    count: Number(row.count),
    failed: Number(row.failed),
    durationSumUs: Number(row.duration_sum_us),
    histogram: decodeHistogram(row.histogram),
    users: decodeUserSketch(row.users),
  }));
}

/** The span_strings id of a project's environment name; -1 when its spans never named it (nothing matches). */
export async function findSpanEnvironmentId(db: Kysely<Database>, projectId: number, environment: string): Promise<number> {
  const row = await db.selectFrom("span_strings").select("id").where("project_id", "=", projectId).where("kind", "=", spanStringKinds.environment).where("value", "=", environment).executeTakeFirst();
  return row ? Number(row.id) : -1;
}

export function hourStart(ms: number): number {
  return ms - (((ms % hourMs) + hourMs) % hourMs);
}

export interface RollupTotals {
  count: number;
  failed: number;
  durationSumUs: number;
  histogram: DurationHistogram;
  users: UserSketch;
}

/** Rollup rows summed by a key of your choosing, in first-seen order; histograms only when asked (merging them is most of the cost). */
export function sumRollups<K>(rows: RollupRow[], keyOf: (row: RollupRow) => K, { withHistograms = true }: { withHistograms?: boolean } = {}): Map<K, RollupTotals> {
  const totals = new Map<K, RollupTotals>();
  for (const row of rows) {
    const key = keyOf(row);
    let total = totals.get(key);
    if (!total) totals.set(key, (total = { count: 0, failed: 0, durationSumUs: 0, histogram: new Map(), users: emptyUserSketch() }));
    total.count += row.count;
    total.failed += row.failed;
    total.durationSumUs += row.durationSumUs;
    if (withHistograms) {
      mergeHistograms(total.histogram, row.histogram);
      mergeUserSketches(total.users, row.users);
    }
  }
  return totals;
}

/** The values of span_strings ids (any kind), as one map. */
export async function spanStringValues(db: Kysely<Database>, ids: Iterable<number>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  const values = new Map<number, string>();
  for (let index = 0; index < wanted.length; index += 500) {
    const rows = await db.selectFrom("span_strings").select(["id", "value"]).where("id", "in", wanted.slice(index, index + 500)).execute();
    for (const row of rows) values.set(Number(row.id), row.value);
  }
  return values;
}
