import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import { addDuration, decodeHistogram, encodeHistogram, mergeHistograms, type DurationHistogram } from "@/lib/duration-histogram";
import { isFailedSpanStatus } from "@/lib/span-status";
import { addUser, decodeUserSketch, emptyUserSketch, encodeUserSketch, mergeUserSketches, type UserSketch } from "@/lib/user-sketch";

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
  /** Its user (normalize-user.ts's userKeyOf), counted in the rollup's distinct-user sketch. */
  userKey: string | null;
}

/** A newly stored database or outgoing-http span, by its normalized description. */
export interface StoredGroupedSpan {
  projectId: number;
  traceId: Uint8Array;
  startUs: number;
  durationUs: number;
  /** spanFlags.db or spanFlags.httpClient. */
  kind: number;
  descriptionId: number;
}

interface Sums {
  count: number;
  failed: number;
  sum: number;
  histogram: DurationHistogram;
  /** The newest trace of the group in this batch (span group rollups keep one as the example). */
  traceId: Uint8Array | null;
  users: UserSketch;
}

function hourOf(startUs: number): number {
  const startMs = Math.floor(startUs / 1000);
  return startMs - (((startMs % hourMs) + hourMs) % hourMs);
}

/** Sums per key in memory first, so a batch of a hundred requests to five routes touches five rows. */
function sumByKey<T, K extends Record<string, number>>(items: T[], keyOf: (item: T) => K, measure: (item: T) => { durationUs: number; failed: boolean; traceId: Uint8Array | null; userKey: string | null }): [K, Sums][] {
  const sums = new Map<string, [K, Sums]>();
  for (const item of items) {
    const key = keyOf(item);
    const text = Object.values(key).join(",");
    let entry = sums.get(text);
    if (!entry) sums.set(text, (entry = [key, { count: 0, failed: 0, sum: 0, histogram: new Map(), traceId: null, users: emptyUserSketch() }]));
    const { durationUs, failed, traceId, userKey } = measure(item);
    if (userKey) addUser(entry[1].users, userKey);
    entry[1].count += 1;
    if (failed) entry[1].failed += 1;
    entry[1].sum += durationUs;
    entry[1].traceId = traceId;
    addDuration(entry[1].histogram, durationUs);
  }
  // Sorted, so two PostgreSQL writers lock rows in the same order and never wait on each other in a circle.
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

/**
 * Adds a digest batch's new segments to their hourly transaction rollups (migrations/0023-span-rollups.ts),
 * inside the batch's write transaction. A key's first segment inserts its row (one statement); a later one
 * reads the histogram and writes the sums back (two, the read locking the row on PostgreSQL, where several
 * instances may write the same hour).
 */
export async function addTransactionRollups(trx: Kysely<Database>, segments: StoredSegment[]): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const keyed = sumByKey(
    segments,
    (segment) => ({ project_id: segment.projectId, hour: hourOf(segment.startUs), segment_name_id: segment.segmentNameId, op_id: segment.opId, release_id: segment.releaseId ?? 0, environment_id: segment.environmentId ?? 0 }),
    (segment) => ({ durationUs: segment.durationUs, failed: isFailedSpanStatus(segment.status), traceId: null, userKey: segment.userKey }),
  );
  for (const [key, sums] of keyed) {
    const inserted = await trx
      .insertInto("transaction_rollups")
      .values({ ...key, count: sums.count, failed: sums.failed, duration_sum_us: sums.sum, histogram: encodeHistogram(sums.histogram), users: encodeUserSketch(sums.users) })
      .onConflict((conflict) => conflict.columns(["project_id", "hour", "segment_name_id", "op_id", "release_id", "environment_id"]).doNothing())
      .returning("count")
      .executeTakeFirst();
    if (inserted) continue;
    let existing = trx.selectFrom("transaction_rollups").select(["histogram", "users"]).where((eb) => eb.and({ ...key }));
    if (postgres) existing = existing.forUpdate();
    const row = await existing.executeTakeFirstOrThrow();
    await trx
      .updateTable("transaction_rollups")
      .set({
        count: sql`count + ${sums.count}`,
        failed: sql`failed + ${sums.failed}`,
        duration_sum_us: sql`duration_sum_us + ${sums.sum}`,
        histogram: encodeHistogram(mergeHistograms(decodeHistogram(row.histogram), sums.histogram)),
        users: encodeUserSketch(mergeUserSketches(decodeUserSketch(row.users), sums.users)),
      })
      .where((eb) => eb.and({ ...key }))
      .execute();
  }
}

/**
 * Adds a batch's database queries (by normalized statement) and outgoing requests (by normalized
 * description) to their hourly span group rollups, as addTransactionRollups does for segments; each row
 * keeps the newest trace it saw as the example the performance page links to.
 */
export async function addSpanGroupRollups(trx: Kysely<Database>, spans: StoredGroupedSpan[]): Promise<void> {
  const postgres = trx.getExecutor().adapter instanceof PostgresAdapter;
  const keyed = sumByKey(
    spans,
    (span) => ({ project_id: span.projectId, hour: hourOf(span.startUs), kind: span.kind, description_id: span.descriptionId }),
    (span) => ({ durationUs: span.durationUs, failed: false, traceId: span.traceId, userKey: null }),
  );
  for (const [key, sums] of keyed) {
    const example = Buffer.from(sums.traceId!);
    const inserted = await trx
      .insertInto("span_group_rollups")
      .values({ ...key, count: sums.count, duration_sum_us: sums.sum, histogram: encodeHistogram(sums.histogram), example_trace_id: example })
      .onConflict((conflict) => conflict.columns(["project_id", "hour", "kind", "description_id"]).doNothing())
      .returning("count")
      .executeTakeFirst();
    if (inserted) continue;
    let existing = trx.selectFrom("span_group_rollups").select("histogram").where((eb) => eb.and({ ...key }));
    if (postgres) existing = existing.forUpdate();
    const row = await existing.executeTakeFirstOrThrow();
    await trx
      .updateTable("span_group_rollups")
      .set({ count: sql`count + ${sums.count}`, duration_sum_us: sql`duration_sum_us + ${sums.sum}`, histogram: encodeHistogram(mergeHistograms(decodeHistogram(row.histogram), sums.histogram)), example_trace_id: example })
      .where((eb) => eb.and({ ...key }))
      .execute();
  }
}
