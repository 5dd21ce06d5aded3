import { PostgresAdapter, sql, type Kysely } from "kysely";
import { epochType, idType } from "./column-types";
import { addDuration, encodeHistogram, type DurationHistogram } from "@/lib/duration-histogram";

/**
 * Transaction rollups (docs/architecture.md → "Spans: rollups"): one row per project, hour, transaction name,
 * op, release and environment (0 for none) with the count, failures, summed duration and a log-bucket
 * duration histogram (lib/duration-histogram.ts, sparse text). The transactions table, the transaction
 * summary and "releases compared" read these instead of the spans, so their cost follows the number of
 * transaction names and hours, not the number of spans.
 *
 * Existing segments are rolled up here once; from now on the span writer adds each new segment.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema
    .createTable("transaction_rollups")
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("segment_name_id", idType(db), (col) => col.notNull())
    .addColumn("op_id", idType(db), (col) => col.notNull())
    .addColumn("release_id", idType(db), (col) => col.notNull())
    .addColumn("environment_id", idType(db), (col) => col.notNull())
    .addColumn("count", epochType(db), (col) => col.notNull())
    .addColumn("failed", epochType(db), (col) => col.notNull())
    .addColumn("duration_sum_us", epochType(db), (col) => col.notNull())
    .addColumn("histogram", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("transaction_rollups_pk", ["project_id", "hour", "segment_name_id", "op_id", "release_id", "environment_id"]);
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  // The summary page of one transaction reads its hours without the others'.
  await db.schema.createIndex("transaction_rollups_name").on("transaction_rollups").columns(["project_id", "segment_name_id", "hour"]).execute();
  await backfill(db);
}

interface Rollup {
  key: [number, number, number, number, number, number];
  count: number;
  failed: number;
  sum: number;
  histogram: DurationHistogram;
}

/** Relay's status codes counted as failures by failure_rate(): all but ok (0), cancelled (1) and unknown (2). */
const notFailed = new Set([0, 1, 2]);

async function backfill(db: Kysely<unknown>): Promise<void> {
  const rollups = new Map<string, Rollup>();
  let after: { trace_id: Uint8Array; span_id: Uint8Array; project_id: number } | null = null;
  for (;;) {
    const page: { trace_id: Uint8Array; span_id: Uint8Array; project_id: number; start_us: number; duration_us: number; segment_name_id: number | null; op_id: number; release_id: number | null; environment_id: number | null; status: number }[] = (
      await sql<never>`select trace_id, span_id, project_id, start_us, duration_us, segment_name_id, op_id, release_id, environment_id, status from spans
        where (flags & 1) = 1 ${after ? sql`and (trace_id, span_id, project_id) > (${after.trace_id}, ${after.span_id}, ${after.project_id})` : sql``}
        order by trace_id, span_id, project_id limit 5000`.execute(db)
    ).rows;
    for (const row of page) {
      if (row.segment_name_id === null) continue;
      const startMs = Math.floor(Number(row.start_us) / 1000);
      const key: Rollup["key"] = [Number(row.project_id), startMs - (startMs % 3_600_000), Number(row.segment_name_id), Number(row.op_id), Number(row.release_id ?? 0), Number(row.environment_id ?? 0)];
      const text = key.join(",");
      let rollup = rollups.get(text);
      if (!rollup) rollups.set(text, (rollup = { key, count: 0, failed: 0, sum: 0, histogram: new Map() }));
      rollup.count += 1;
      if (!notFailed.has(Number(row.status))) rollup.failed += 1;
      rollup.sum += Number(row.duration_us);
      addDuration(rollup.histogram, Number(row.duration_us));
    }
    if (page.length < 5000) break;
    after = page.at(-1)!;
  }
  const rows = [...rollups.values()].map(({ key: [project_id, hour, segment_name_id, op_id, release_id, environment_id], count, failed, sum, histogram }) => ({
    project_id,
    hour,
    segment_name_id,
    op_id,
    release_id,
    environment_id,
    count,
    failed,
    duration_sum_us: sum,
    histogram: encodeHistogram(histogram),
  }));
  for (let index = 0; index < rows.length; index += 500) {
    await (db as Kysely<{ transaction_rollups: (typeof rows)[number] }>).insertInto("transaction_rollups").values(rows.slice(index, index + 500)).execute();
  }
}
