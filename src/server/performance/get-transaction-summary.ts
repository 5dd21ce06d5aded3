import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { spanStringKinds } from "../spans/span-strings";
import { performancePeriods, maxRowsPerList, type PerformancePeriod } from "./get-project-performance";
import { findSpanEnvironmentId, hourMs, hourStart, readTransactionRollups, spanStringValues, sumRollups } from "./read-transaction-rollups";
import { histogramBars, histogramPercentile, type DurationHistogram } from "@/lib/duration-histogram";
import { percentile } from "@/lib/percentile";
import { spanStatusName } from "@/lib/span-status";
import { emptyUserSketch, estimateUsers } from "@/lib/user-sketch";
import type { TransactionSummary } from "@/lib/views/performance";
import { rateWebVital, webVitalByCode, webVitalNames, type WebVitalName } from "@/lib/web-vitals";
export type { TransactionSummary } from "@/lib/views/performance";

/** Segments whose spans "time by operation" adds up: the newest of the window. */
export const opBreakdownSample = 200;

const toMs = (us: number | null) => (us === null ? null : Number((us / 1000).toFixed(2)));

/**
 * One transaction of a project over a window (Sentry's transaction summary): totals and percentiles, the
 * duration histogram and percentiles per hour or day, and releases compared, all from its rollups; its
 * slowest traces (through spans_segments); where its time goes by span op (the children of its newest
 * segments); the error issues seen in it (their `transaction` tag); and, for a page, its web vitals over
 * time. Null when the project never stored a transaction of that name. With `environment`, all but the web
 * vitals (which keep no environment) are that environment's.
 */
export async function getTransactionSummary(context: AccessContext, projectId: number, name: string, options: { period?: PerformancePeriod; now?: number; environment?: string | null } = {}): Promise<TransactionSummary | null> {
  await authorizeProjectId(context, "project.read", projectId);
  const period = options.period ?? "24h";
  const now = options.now ?? Date.now();
  const sinceMs = now - performancePeriods[period];
  const { db } = context;
  const nameRow = await db.selectFrom("span_strings").select("id").where("project_id", "=", projectId).where("kind", "=", spanStringKinds.segmentName).where("value", "=", name).executeTakeFirst();
  if (!nameRow) return null;
  const nameId = Number(nameRow.id);

  // Under the header's environment filter only that environment's rollups, segments and issues count.
  const environment = options.environment ?? null;
  const environmentId = environment === null ? undefined : await findSpanEnvironmentId(db, projectId, environment);
  const rollups = await readTransactionRollups(db, projectId, sinceMs, nameId, environmentId);
  const strings = await spanStringValues(db, rollups.flatMap((row) => [row.opId, row.releaseId]));
  const all = sumRollups(rollups, () => "all").get("all") ?? { count: 0, failed: 0, durationSumUs: 0, histogram: new Map(), users: emptyUserSketch() };
  const ops = [...sumRollups(rollups, (row) => row.opId, { withHistograms: false })].sort(([, a], [, b]) => b.count - a.count);
  const percentiles = (histogram: DurationHistogram) => ({
    p50: toMs(histogramPercentile(histogram, 0.5)),
    p75: toMs(histogramPercentile(histogram, 0.75)),
    p95: toMs(histogramPercentile(histogram, 0.95)),
    p99: toMs(histogramPercentile(histogram, 0.99)),
  });
  const coveredMinutes = Math.max(1, (now - hourStart(sinceMs)) / 60_000);
  const bucketMs = performancePeriods[period] > 48 * hourMs ? 24 * hourMs : hourMs;
  const byBucket = sumRollups(rollups, (row) => row.hour - (row.hour % bucketMs));
  const firstBucket = hourStart(sinceMs) - (hourStart(sinceMs) % bucketMs);
  const series: TransactionSummary["series"] = [];
  for (let start = firstBucket; start <= now; start += bucketMs) {
    const total = byBucket.get(start);
    series.push({ start, count: total?.count ?? 0, ...(total ? percentiles(total.histogram) : { p50: null, p75: null, p95: null, p99: null }) });
  }
  const releases = [...sumRollups(rollups, (row) => row.releaseId)]
    .map(([releaseId, total]) => ({ release: releaseId === 0 ? null : (strings.get(releaseId) ?? null), count: total.count, failureRate: total.failed / Math.max(1, total.count), ...percentiles(total.histogram) }))
    .sort((a, b) => b.count - a.count)
    .slice(0, 20);

  const segmentsOfName = db
    .selectFrom("spans")
    .where("project_id", "=", projectId)
    .where("segment_name_id", "=", nameId)
    .where(sql<boolean>`(flags & 1) = 1`)
    .$if(environmentId !== undefined, (query) => query.where("environment_id", "=", environmentId!));
  const slowestRows = await segmentsOfName
    // By spans_segments_duration, slowest first, stopping at ten in the window: the unary plus keeps the
    // window off spans_segments, which would sort every segment of the name in it (250 ms over 14 days at 10 M spans).
    .where(sql`+start_us`, ">=", sinceMs * 1000)
    .select(["trace_id", "span_id", "start_us", "duration_us", "status", "release_id"])
    .orderBy("duration_us", "desc")
    .limit(10)
    .execute();
  const slowestReleases = await spanStringValues(db, slowestRows.map((row) => Number(row.release_id ?? 0)));
  const slowest = slowestRows.map((row) => ({
    traceId: Buffer.from(row.trace_id).toString("hex"),
    spanId: Buffer.from(row.span_id).toString("hex"),
    startedAt: Math.floor(Number(row.start_us) / 1000),
    durationMs: toMs(Number(row.duration_us))!,
    status: spanStatusName(Number(row.status)),
    release: row.release_id === null ? null : (slowestReleases.get(Number(row.release_id)) ?? null),
  }));

  const newest = await segmentsOfName.where("start_us", ">=", sinceMs * 1000).select("trace_id").orderBy("start_us", "desc").limit(opBreakdownSample).execute();
  const traceIds = [...new Map(newest.map((row) => [Buffer.from(row.trace_id).toString("hex"), row.trace_id])).values()];
  const byOp =
    traceIds.length === 0
      ? []
      : await db
          .selectFrom("spans")
          .select(["op_id", (eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.sum<number>("duration_us").as("total_us")])
          .where("trace_id", "in", traceIds)
          // Unary plus keeps SQLite off spans_project_time (the project's every span) and on the trace key.
          .where(sql`+project_id`, "=", projectId)
          .where("segment_name_id", "=", nameId)
          .where(sql<boolean>`(flags & 1) = 0`)
          .groupBy("op_id")
          .execute();
  const opNames = await spanStringValues(db, byOp.map((row) => Number(row.op_id)));
  const totalOpUs = byOp.reduce((sum, row) => sum + Number(row.total_us), 0);
  const timeByOp = byOp
    .map((row) => ({ op: opNames.get(Number(row.op_id)) ?? "default", count: Number(row.count), totalMs: toMs(Number(row.total_us))!, share: totalOpUs === 0 ? 0 : Number(row.total_us) / totalOpUs }))
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 20);

  const relatedIssues = await db
    .selectFrom("issue_tag_values")
    .innerJoin("issues", "issues.id", "issue_tag_values.issue_id")
    .select(["issues.id", "issues.title", "issues.status", "issues.type", "issue_tag_values.times_seen", "issue_tag_values.last_seen"])
    .where("issue_tag_values.key", "=", "transaction")
    .where("issue_tag_values.value", "=", name)
    .where("issues.project_id", "=", projectId)
    .where("issues.status", "!=", "merged")
    .$if(environment !== null, (query) =>
      query.where((eb) => eb.exists(eb.selectFrom("issue_environments").select("issue_environments.issue_id").whereRef("issue_environments.issue_id", "=", "issues.id").where("issue_environments.environment", "=", environment!))),
    )
    .orderBy("issue_tag_values.last_seen", "desc")
    .limit(10)
    .execute();

  const vitalRows = await db
    .selectFrom("web_vitals")
    .select(["vital", "start_us", "value"])
    .where("project_id", "=", projectId)
    .where("page_id", "=", nameId)
    .where("start_us", ">=", sinceMs * 1000)
    .orderBy("start_us", "desc")
    .limit(maxRowsPerList)
    .execute();
  const vitalValues = new Map<WebVitalName, { all: number[]; byBucket: Map<number, number[]> }>();
  for (const row of vitalRows) {
    const vital = webVitalByCode(Number(row.vital));
    if (!vital) continue;
    let entry = vitalValues.get(vital);
    if (!entry) vitalValues.set(vital, (entry = { all: [], byBucket: new Map() }));
    const startMs = Math.floor(Number(row.start_us) / 1000);
    const bucket = startMs - (startMs % bucketMs);
    entry.all.push(Number(row.value));
    entry.byBucket.set(bucket, [...(entry.byBucket.get(bucket) ?? []), Number(row.value)]);
  }
  const p75 = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.75);
  const vitals = [...vitalValues]
    .sort(([a], [b]) => webVitalNames.indexOf(a) - webVitalNames.indexOf(b))
    .map(([vital, entry]) => {
      const overall = p75(entry.all)!;
      return {
        vital,
        p75: overall,
        rating: rateWebVital(vital, overall),
        count: entry.all.length,
        series: series.map(({ start }) => {
          const values = entry.byBucket.get(start);
          const value = values ? p75(values) : null;
          return { start, p75: value, rating: value === null ? null : rateWebVital(vital, value) };
        }),
      };
    });

  return {
    name,
    op: ops.length > 0 ? (strings.get(ops[0]![0]) ?? "default") : "default",
    period,
    count: all.count,
    perMinute: Number((all.count / coveredMinutes).toFixed(2)),
    failureRate: all.count === 0 ? 0 : all.failed / all.count,
    users: estimateUsers(all.users),
    averageMs: all.count === 0 ? null : toMs(all.durationSumUs / all.count),
    ...percentiles(all.histogram),
    histogram: histogramBars(all.histogram).map((bar) => ({ fromMs: bar.fromUs / 1000, toMs: bar.toUs / 1000, count: bar.count })),
    bucketMs,
    series,
    releases,
    slowest,
    timeByOp,
    opSampleSize: newest.length,
    relatedIssues: relatedIssues.map((issue) => ({ id: Number(issue.id), title: issue.title, status: issue.status, type: issue.type, timesSeen: Number(issue.times_seen), lastSeen: Number(issue.last_seen) })),
    vitals,
  };
}
