import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addDuration, decodeHistogram, encodeHistogram, mergeHistograms, type DurationHistogram } from "@/lib/duration-histogram";
import { isFailedSpanStatus } from "@/lib/span-status";

const hourMs = 3_600_000;

/** A newly stored segment (a transaction), its strings already ids. */
export interface StoredSegment {
  projectId: number;
  startUs: number;
  durationUs: number;
  segmentNameId: number;
  opId: number;
  releaseId: number | null;
  environmentId: number | null;
  status: number;
}

interface RollupKey {
  project_id: number;
  hour: number;
  segment_name_id: number;
  op_id: number;
  release_id: number;
  environment_id: number;
}

interface Rollup {
  key: RollupKey;
  count: number;
  failed: number;
  sum: number;
  histogram: DurationHistogram;
}

/**
 * Adds a digest batch's new segments to their hourly rollups (migrations/0023-transaction-rollups.ts),
 * inside the batch's write transaction: summed per key in memory first, so a batch of a hundred requests
 * to five routes touches five rows. A key's first segment inserts its row (one statement); a later one reads
 * the histogram and writes the sums back (two, the read locking the row on PostgreSQL, where several
 * instances may write the same hour). Keys go in sorted order so two writers never wait on each other in a circle.
 */
export async function addTransactionRollups(trx: Kysely<Database>, segments: StoredSegment[]): Promise<void> {
  if (segments.length === 0) return;
  const rollups = new Map<string, Rollup>();
  for (const segment of segments) {
    const startMs = Math.floor(segment.startUs / 1000);
    const key: RollupKey = {
      project_id: segment.projectId,
      hour: startMs - (((startMs % hourMs) + hourMs) % hourMs),
      segment_name_id: segment.segmentNameId,
      op_id: segment.opId,
      release_id: segment.releaseId ?? 0,
      environment_id: segment.environmentId ?? 0,
    };
    const text = `${key.project_id},${key.hour},${key.segment_name_id},${key.op_id},${key.release_id},${key.environment_id}`;
    let rollup = rollups.get(text);
    if (!rollup) rollups.set(text, (rollup = { key, count: 0, failed: 0, sum: 0, histogram: new Map() }));
    rollup.count += 1;
    if (isFailedSpanStatus(segment.status)) rollup.failed += 1;
    rollup.sum += segment.durationUs;
    addDuration(rollup.histogram, segment.durationUs);
  }
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  for (const text of [...rollups.keys()].sort()) {
    const { key, count, failed, sum, histogram } = rollups.get(text)!;
    const inserted = await trx
      .insertInto("transaction_rollups")
      .values({ ...key, count, failed, duration_sum_us: sum, histogram: encodeHistogram(histogram) })
      .onConflict((conflict) => conflict.columns(["project_id", "hour", "segment_name_id", "op_id", "release_id", "environment_id"]).doNothing())
      .returning("count")
      .executeTakeFirst();
    if (inserted) continue;
    let existing = trx
      .selectFrom("transaction_rollups")
      .select("histogram")
      .where((eb) => eb.and({ ...key }));
    if (postgres) existing = existing.forUpdate();
    const row = await existing.executeTakeFirstOrThrow();
    await trx
      .updateTable("transaction_rollups")
      .set({
        count: sql`count + ${count}`,
        failed: sql`failed + ${failed}`,
        duration_sum_us: sql`duration_sum_us + ${sum}`,
        histogram: encodeHistogram(mergeHistograms(decodeHistogram(row.histogram), histogram)),
      })
      .where((eb) => eb.and({ ...key }))
      .execute();
  }
}
