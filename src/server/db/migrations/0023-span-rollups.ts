import { PostgresAdapter, sql, type Kysely } from "kysely";
import { blobType, epochType, idType } from "./column-types";
import { addDuration, encodeHistogram, type DurationHistogram } from "@/lib/duration-histogram";

/**
 * Span rollups (docs/architecture.md → "Spans: rollups"), so the performance pages' cost follows the number
 * of transaction names, statements and hours, not the number of spans:
 * - `transaction_rollups`: one row per project, hour, transaction name, op, release and environment (0 for
 *   none) with the count, failures, summed duration and a log-bucket duration histogram
 *   (lib/duration-histogram.ts, sparse text), and a distinct-user sketch (lib/user-sketch.ts; users of spans
 *   stored before this migration are not known): the transactions table, the transaction summary, releases compared.
 * - `span_group_rollups`: one row per project, hour, kind (2 database, 4 outgoing http: spans.flags' bits) and
 *   normalized description, with count, summed duration, histogram and the newest trace as an example: the
 *   queries and outgoing requests tables.
 *
 * Existing spans are rolled up here once; from now on the span writer adds each new one (add-span-rollups.ts).
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
    .addColumn("users", "text", (col) => col.notNull().defaultTo(""))
    .addPrimaryKeyConstraint("transaction_rollups_pk", ["project_id", "hour", "segment_name_id", "op_id", "release_id", "environment_id"]);
  await (postgres ? table : table.modifyEnd(sql`without rowid`)).execute();
  // The summary page of one transaction reads its hours without the others'.
  await db.schema.createIndex("transaction_rollups_name").on("transaction_rollups").columns(["project_id", "segment_name_id", "hour"]).execute();
  // The transaction summary's slowest traces: read by duration, newest window first, instead of sorting every
  // segment of the name (62,500 over 14 days at 10 M spans: 250 ms). Segments only, about 2 B per span.
  await db.schema
    .createIndex("spans_segments_duration")
    .on("spans")
    .columns(["project_id", "segment_name_id", "duration_us"])
    .where(sql`flags & 1`, "=", 1)
    .execute();
  const groups = db.schema
    .createTable("span_group_rollups")
    .addColumn("project_id", idType(db), (col) => col.notNull())
    .addColumn("hour", epochType(db), (col) => col.notNull())
    .addColumn("kind", "integer", (col) => col.notNull())
    .addColumn("description_id", idType(db), (col) => col.notNull())
    .addColumn("count", epochType(db), (col) => col.notNull())
    .addColumn("duration_sum_us", epochType(db), (col) => col.notNull())
    .addColumn("histogram", "text", (col) => col.notNull())
    .addColumn("example_trace_id", blobType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint("span_group_rollups_pk", ["project_id", "hour", "kind", "description_id"]);
  await (postgres ? groups : groups.modifyEnd(sql`without rowid`)).execute();
  await backfill(db);
}

interface Rollup {
  key: number[];
  count: number;
  failed: number;
  sum: number;
  histogram: DurationHistogram;
  example: Uint8Array;
}

/** Relay's status codes counted as failures by failure_rate(): all but ok (0), cancelled (1) and unknown (2). */
const notFailed = new Set([0, 1, 2]);

async function backfill(db: Kysely<unknown>): Promise<void> {
  const rollups = new Map<string, Rollup>();
  const groups = new Map<string, Rollup>();
  const add = (into: Map<string, Rollup>, key: number[], row: { duration_us: number; status: number; trace_id: Uint8Array }) => {
    const text = key.join(",");
    let rollup = into.get(text);
    if (!rollup) into.set(text, (rollup = { key, count: 0, failed: 0, sum: 0, histogram: new Map(), example: row.trace_id }));
    rollup.count += 1;
    if (!notFailed.has(Number(row.status))) rollup.failed += 1;
    rollup.sum += Number(row.duration_us);
    addDuration(rollup.histogram, Number(row.duration_us));
  };
  let after: { trace_id: Uint8Array; span_id: Uint8Array; project_id: number } | null = null;
  for (;;) {
    const page: { trace_id: Uint8Array; span_id: Uint8Array; project_id: number; start_us: number; duration_us: number; segment_name_id: number | null; op_id: number; description_id: number | null; release_id: number | null; environment_id: number | null; status: number; flags: number }[] = (
      await sql<never>`select trace_id, span_id, project_id, start_us, duration_us, segment_name_id, op_id, description_id, release_id, environment_id, status, flags from spans
        where (flags & 7) != 0 ${after ? sql`and (trace_id, span_id, project_id) > (${after.trace_id}, ${after.span_id}, ${after.project_id})` : sql``}
        order by trace_id, span_id, project_id limit 5000`.execute(db)
    ).rows;
    for (const row of page) {
      const startMs = Math.floor(Number(row.start_us) / 1000);
      const hour = startMs - (startMs % 3_600_000);
      const flags = Number(row.flags);
      if ((flags & 1) === 1 && row.segment_name_id !== null) add(rollups, [Number(row.project_id), hour, Number(row.segment_name_id), Number(row.op_id), Number(row.release_id ?? 0), Number(row.environment_id ?? 0)], row);
      const kind = flags & 6;
      if ((kind === 2 || kind === 4) && row.description_id !== null) add(groups, [Number(row.project_id), hour, kind, Number(row.description_id)], row);
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
  const groupRows = [...groups.values()].map(({ key: [project_id, hour, kind, description_id], count, sum, histogram, example }) => ({ project_id, hour, kind, description_id, count, duration_sum_us: sum, histogram: encodeHistogram(histogram), example_trace_id: example }));
  const typed = db as Kysely<{ transaction_rollups: (typeof rows)[number]; span_group_rollups: (typeof groupRows)[number] }>;
  for (let index = 0; index < rows.length; index += 500) await typed.insertInto("transaction_rollups").values(rows.slice(index, index + 500)).execute();
  for (let index = 0; index < groupRows.length; index += 500) await typed.insertInto("span_group_rollups").values(groupRows.slice(index, index + 500)).execute();
}
