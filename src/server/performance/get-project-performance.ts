import { sql } from "kysely";
import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { readLastSpanBudgetPrune } from "../spans/prune-spans";
import { spanFlags } from "../spans/span-item-rows";
import { spanStringKinds } from "../spans/span-strings";
import { hourMs, hourStart, readTransactionRollups, spanStringValues, sumRollups } from "./read-transaction-rollups";
import { histogramPercentile } from "@/lib/duration-histogram";
import { percentile } from "@/lib/percentile";
import { spanDomain } from "@/lib/span-description";
import type { PageVitals, SpanGroupRow, TransactionBucket, TransactionSummaryRow } from "@/lib/views/performance";
import { rateWebVital, webVitalByCode, webVitalNames } from "@/lib/web-vitals";
export type { PageVitals, SpanGroupRow, TransactionBucket, TransactionSummaryRow } from "@/lib/views/performance";

/** The windows the performance page offers. */
export const performancePeriods = { "1h": hourMs, "24h": 24 * hourMs, "7d": 7 * 24 * hourMs, "14d": 14 * 24 * hourMs } as const;
export type PerformancePeriod = keyof typeof performancePeriods;

/**
 * Rows each list reads from its window, newest first, before aggregating in memory: a bound on the page's
 * cost however busy the project is. A window with more is summarized over its newest rows, and says so.
 */
export const maxRowsPerList = 100_000;

export interface ProjectPerformance {
  period: PerformancePeriod;
  transactions: TransactionSummaryRow[];
  /** Transactions per hour (windows up to 24 h) or day, with their p95, for the time chart. */
  chart: TransactionBucket[];
  chartBucketMs: number;
  vitals: PageVitals[];
  queries: SpanGroupRow[];
  requests: SpanGroupRow[];
  /** Transactions and spans the SDKs reported dropping in the window (client reports: rate limits, sampling, queue overflow), by reason. */
  droppedByClients: { reason: string; quantity: number }[];
  /** When the disk budget last deleted spans (any project), if within the window. */
  budgetPrune: { at: number; deleted: number } | null;
  /** Lists whose window held more than maxRowsPerList rows (their figures cover the newest rows only). */
  truncated: ("queries" | "requests" | "vitals")[];
}

/**
 * A project's performance over a window: its transactions (segments) by name with throughput, percentiles
 * and failure rate; web vitals' p75 per page with web.dev's rating; database queries by normalized
 * statement and outgoing requests by domain. Reads the span rows' narrow columns only (never payloads),
 * through spans_segments, spans_project_time and web_vitals_project_time.
 */
export async function getProjectPerformance(context: AccessContext, projectId: number, options: { period?: PerformancePeriod; search?: string; now?: number } = {}): Promise<ProjectPerformance> {
  await authorizeProjectId(context, "project.read", projectId);
  const period = options.period ?? "24h";
  const now = options.now ?? Date.now();
  const sinceUs = (now - performancePeriods[period]) * 1000;
  const { db } = context;
  const truncated: ProjectPerformance["truncated"] = [];
  const string = (column: "op_id" | "description_id" | "segment_name_id") => sql<string | null>`(select value from span_strings where span_strings.id = spans.${sql.ref(column)})`;

  // Transactions come from their hourly rollups (add-transaction-rollups.ts): a few rows per name and hour, whatever the traffic.
  const rollups = await readTransactionRollups(db, projectId, now - performancePeriods[period]);
  const names = await spanStringValues(db, rollups.flatMap((row) => [row.segmentNameId, row.opId]));
  const search = options.search?.trim().toLowerCase() ?? "";
  const shown = search ? rollups.filter((row) => (names.get(row.segmentNameId) ?? "").toLowerCase().includes(search)) : rollups;
  const coveredMinutes = Math.max(1, (now - hourStart(now - performancePeriods[period])) / 60_000);
  const opCounts = sumRollups(shown, (row) => `${row.segmentNameId} ${row.opId}`);
  const transactions = [...sumRollups(shown, (row) => row.segmentNameId)].map(([nameId, total]): TransactionSummaryRow => {
    const ops = [...opCounts].filter(([key]) => key.startsWith(`${nameId} `)).sort(([, a], [, b]) => b.count - a.count);
    const ms = (p: number) => Number(((histogramPercentile(total.histogram, p) ?? 0) / 1000).toFixed(2));
    return {
      name: names.get(nameId) ?? "<unlabeled transaction>",
      op: names.get(Number(ops[0]![0].split(" ")[1])) ?? "default",
      count: total.count,
      perMinute: Number((total.count / coveredMinutes).toFixed(2)),
      p50: ms(0.5),
      p75: ms(0.75),
      p95: ms(0.95),
      failureRate: total.count === 0 ? 0 : total.failed / total.count,
    };
  });
  transactions.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const bucketMs = performancePeriods[period] > 48 * hourMs ? 24 * hourMs : hourMs;
  const byBucket = sumRollups(shown, (row) => row.hour - (row.hour % bucketMs));
  const chart: TransactionBucket[] = [];
  for (let start = hourStart(now - performancePeriods[period]) - (hourStart(now - performancePeriods[period]) % bucketMs); start <= now; start += bucketMs) {
    const total = byBucket.get(start);
    chart.push({ start, count: total?.count ?? 0, p95: total ? Number(((histogramPercentile(total.histogram, 0.95) ?? 0) / 1000).toFixed(2)) : null });
  }

  const groups = async (flag: number, list: "queries" | "requests", labelOf: (description: string | null) => string | null): Promise<SpanGroupRow[]> => {
    const rows = await db
      .selectFrom("spans")
      .select(["trace_id", "duration_us", string("description_id").as("description")])
      .where("project_id", "=", projectId)
      .where("start_us", ">=", sinceUs)
      .where(sql<number>`flags & ${flag}`, "=", flag)
      .orderBy("start_us", "desc")
      .limit(maxRowsPerList + 1)
      .execute();
    if (rows.length > maxRowsPerList) truncated.push(list);
    const byLabel = new Map<string, { durations: number[]; traceId: Uint8Array }>();
    for (const row of rows.slice(0, maxRowsPerList)) {
      const label = labelOf(row.description);
      if (label === null) continue;
      let entry = byLabel.get(label);
      if (!entry) byLabel.set(label, (entry = { durations: [], traceId: row.trace_id }));
      entry.durations.push(Number(row.duration_us));
    }
    return [...byLabel]
      .map(([label, entry]) => {
        const sorted = entry.durations.sort((a, b) => a - b);
        return { label, count: sorted.length, totalMs: Number((sorted.reduce((sum, us) => sum + us, 0) / 1000).toFixed(1)), p95Ms: Number(((percentile(sorted, 0.95) ?? 0) / 1000).toFixed(2)), exampleTraceId: Buffer.from(entry.traceId).toString("hex") };
      })
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, 50);
  };
  const queries = await groups(spanFlags.db, "queries", (description) => description);
  const requests = await groups(spanFlags.httpClient, "requests", (description) => spanDomain(description) ?? description);

  const vitalRows = await db
    .selectFrom("web_vitals")
    .innerJoin("span_strings", "span_strings.id", "web_vitals.page_id")
    .select(["span_strings.value as page", "web_vitals.vital", "web_vitals.value"])
    .where("web_vitals.project_id", "=", projectId)
    .where("span_strings.kind", "=", spanStringKinds.segmentName)
    .where("web_vitals.start_us", ">=", sinceUs)
    .orderBy("web_vitals.start_us", "desc")
    .limit(maxRowsPerList + 1)
    .execute();
  if (vitalRows.length > maxRowsPerList) truncated.push("vitals");
  const byPage = new Map<string, Map<number, number[]>>();
  for (const row of vitalRows.slice(0, maxRowsPerList)) {
    let page = byPage.get(row.page);
    if (!page) byPage.set(row.page, (page = new Map()));
    const values = page.get(Number(row.vital)) ?? [];
    values.push(Number(row.value));
    page.set(Number(row.vital), values);
  }
  const vitals = [...byPage]
    .map(([page, byVital]): PageVitals => ({
      page,
      vitals: [...byVital]
        .flatMap(([code, values]) => {
          const vital = webVitalByCode(code);
          if (!vital) return [];
          const p75 = percentile(values.sort((a, b) => a - b), 0.75)!;
          return [{ vital, p75, rating: rateWebVital(vital, p75), count: values.length }];
        })
        .sort((a, b) => webVitalNames.indexOf(a.vital) - webVitalNames.indexOf(b.vital)),
    }))
    .sort((a, b) => a.page.localeCompare(b.page));

  const windowStartMs = now - performancePeriods[period];
  const outcomes = await db
    .selectFrom("outcomes")
    .select(["reason", (eb) => eb.fn.sum<number>("quantity").as("quantity")])
    .where("project_id", "=", projectId)
    .where("category", "in", ["transaction", "span", "transaction_indexed", "span_indexed"])
    .where("hour", ">=", windowStartMs - (windowStartMs % hourMs))
    .groupBy("reason")
    .execute();
  const droppedByClients = outcomes.map((row) => ({ reason: row.reason, quantity: Number(row.quantity) })).sort((a, b) => b.quantity - a.quantity);
  const lastPrune = await readLastSpanBudgetPrune(db);
  const budgetPrune = lastPrune && lastPrune.at >= windowStartMs ? lastPrune : null;

  return { period, transactions, chart, chartBucketMs: bucketMs, vitals, queries, requests, droppedByClients, budgetPrune, truncated };
}
