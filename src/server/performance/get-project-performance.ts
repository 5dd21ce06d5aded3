import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { readLastSpanBudgetPrune } from "../spans/prune-spans";
import { spanFlags } from "../spans/span-item-rows";
import { spanStringKinds } from "../spans/span-strings";
import { findSpanEnvironmentId, hourMs, hourStart, readTransactionRollups, spanStringValues, sumRollups } from "./read-transaction-rollups";
import { decodeHistogram, histogramPercentile, mergeHistograms, type DurationHistogram } from "@/lib/duration-histogram";
import { percentile } from "@/lib/percentile";
import { estimateUsers } from "@/lib/user-sketch";
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
  truncated: "vitals"[];
}

/**
 * A project's performance over a window: its transactions (segments) by name with throughput, percentiles
 * and failure rate; web vitals' p75 per page with web.dev's rating; database queries by normalized
 * statement and outgoing requests by domain. Transactions, queries and requests come from the hourly span
 * rollups (spans/add-span-rollups.ts), so whole hours: a window is widened to the hour it starts in. Web vitals
 * are read as rows, through web_vitals_project_time, at most maxRowsPerList of them. With `environment`,
 * transactions and the chart are that environment's; queries, requests and web vitals keep no environment
 * and count all (the page says so).
 */
export async function getProjectPerformance(context: AccessContext, projectId: number, options: { period?: PerformancePeriod; search?: string; now?: number; environment?: string | null } = {}): Promise<ProjectPerformance> {
  await authorizeProjectId(context, "project.read", projectId);
  const period = options.period ?? "24h";
  const now = options.now ?? Date.now();
  const sinceUs = (now - performancePeriods[period]) * 1000;
  const { db } = context;
  const truncated: ProjectPerformance["truncated"] = [];

  // Transactions come from their hourly rollups (add-span-rollups.ts): a few rows per name and hour, whatever the traffic.
  // Under the header's environment filter only that environment's rows count (transaction rollups key on it).
  const environmentId = options.environment ? await findSpanEnvironmentId(db, projectId, options.environment) : undefined;
  const rollups = await readTransactionRollups(db, projectId, now - performancePeriods[period], undefined, environmentId);
  const names = await spanStringValues(db, rollups.flatMap((row) => [row.segmentNameId, row.opId]));
  const search = options.search?.trim().toLowerCase() ?? "";
  const shown = search ? rollups.filter((row) => (names.get(row.segmentNameId) ?? "").toLowerCase().includes(search)) : rollups;
  const coveredMinutes = Math.max(1, (now - hourStart(now - performancePeriods[period])) / 60_000);
  const opCounts = sumRollups(shown, (row) => `${row.segmentNameId} ${row.opId}`, { withHistograms: false });
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
      users: estimateUsers(total.users),
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

  // Queries and outgoing requests come from their hourly rollups too, by normalized description.
  const groupRollups = await db
    .selectFrom("span_group_rollups")
    .select(["kind", "description_id", "hour", "count", "duration_sum_us", "histogram", "example_trace_id"])
    .where("project_id", "=", projectId)
    .where("hour", ">=", hourStart(now - performancePeriods[period]))
    .execute();
  const descriptions = await spanStringValues(db, groupRollups.map((row) => Number(row.description_id)));
  const groups = (kind: number, labelOf: (description: string) => string): SpanGroupRow[] => {
    const byLabel = new Map<string, { count: number; sumUs: number; histogram: DurationHistogram; example: { hour: number; traceId: Uint8Array } }>();
    for (const row of groupRollups) {
      if (Number(row.kind) !== kind) continue;
      const description = descriptions.get(Number(row.description_id));
      if (description === undefined) continue;
      const label = labelOf(description);
      let entry = byLabel.get(label);
      if (!entry) byLabel.set(label, (entry = { count: 0, sumUs: 0, histogram: new Map(), example: { hour: -1, traceId: row.example_trace_id } }));
      entry.count += Number(row.count);
      entry.sumUs += Number(row.duration_sum_us);
      mergeHistograms(entry.histogram, decodeHistogram(row.histogram));
      if (Number(row.hour) > entry.example.hour) entry.example = { hour: Number(row.hour), traceId: row.example_trace_id };
    }
    return [...byLabel]
      .map(([label, entry]) => ({ label, count: entry.count, totalMs: Number((entry.sumUs / 1000).toFixed(1)), p95Ms: Number(((histogramPercentile(entry.histogram, 0.95) ?? 0) / 1000).toFixed(2)), exampleTraceId: Buffer.from(entry.example.traceId).toString("hex") }))
      .sort((a, b) => b.totalMs - a.totalMs)
      .slice(0, 50);
  };
  const queries = groups(spanFlags.db, (description) => description);
  const requests = groups(spanFlags.httpClient, (description) => spanDomain(description) ?? description);

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
