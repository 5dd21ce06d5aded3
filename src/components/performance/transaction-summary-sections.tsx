import Link from "next/link";
import { VolumeChart } from "@/components/charts/volume-chart";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import { cn } from "@/lib/cn";
import { formatRate } from "@/lib/format-rate";
import { formatTimestamp } from "@/lib/format-time";
import type { TransactionSummary } from "@/lib/views/performance";
import { webVitals, type WebVitalRating } from "@/lib/web-vitals";

const ms = (value: number | null) => (value === null ? "—" : `${value.toLocaleString("en", { maximumFractionDigits: value < 10 ? 2 : 0 })} ms`);
const hourMs = 3_600_000;
const bucketLabel = (start: number, bucketMs: number) => (bucketMs <= hourMs ? `${formatTimestamp(start).slice(0, 16)} UTC` : formatTimestamp(start).slice(0, 10));
const ratingTone: Record<WebVitalRating, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  "needs-improvement": "text-amber-700 dark:text-amber-400",
  poor: "text-red-700 dark:text-red-400",
};
const ratingWords: Record<WebVitalRating, string> = { good: "good", "needs-improvement": "needs improvement", poor: "poor" };

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The figures of the window: count, throughput, failure rate, average and percentiles. */
export function TransactionTotals({ summary }: { summary: TransactionSummary }) {
  const figures: [string, string][] = [
    ["Transactions", summary.count.toLocaleString("en")],
    ["Per minute", summary.perMinute.toLocaleString("en")],
    ["Failure rate", formatRate(summary.failureRate)],
    ["Users", summary.users.toLocaleString("en")],
    ["Average", ms(summary.averageMs)],
    ["p50", ms(summary.p50)],
    ["p75", ms(summary.p75)],
    ["p95", ms(summary.p95)],
    ["p99", ms(summary.p99)],
  ];
  return (
    <dl aria-label="Totals" className="grid grid-cols-3 gap-3 sm:grid-cols-5 lg:grid-cols-9">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-border p-3">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** How many transactions took how long: one bar per doubling of the duration. */
export function DurationHistogram({ summary }: { summary: TransactionSummary }) {
  const peak = Math.max(1, ...summary.histogram.map((bar) => bar.count));
  return (
    <Section id="histogram-heading" title="Duration histogram">
      {summary.histogram.length === 0 ? (
        <p className="text-sm text-muted-foreground">No transaction in this period.</p>
      ) : (
        <DataTable label="Duration histogram" columns={[{ label: "Duration" }, { label: "Transactions", className: "text-right" }, { label: "Share", isLabelHidden: true }]}>
          {summary.histogram.map((bar) => (
            <tr key={bar.fromMs}>
              <th scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap tabular-nums">
                {ms(Number(bar.fromMs.toPrecision(3)))} – {ms(Number(bar.toMs.toPrecision(3)))}
              </th>
              <td className="px-3 py-1 text-right tabular-nums">{bar.count.toLocaleString("en")}</td>
              <td className="w-1/2 px-3 py-1">
                <div className="h-3 rounded-sm bg-primary" style={{ width: `${Math.max(bar.count > 0 ? 1 : 0, (bar.count / peak) * 100)}%` }} aria-hidden />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

/** Throughput and p95 per hour or day, and the percentiles of each as a table. */
export function PercentilesOverTime({ summary }: { summary: TransactionSummary }) {
  const unit = summary.bucketMs <= hourMs ? "hour" : "day";
  const slowest = summary.series.reduce<(typeof summary.series)[number] | null>((best, bucket) => (bucket.p95 !== null && (best === null || bucket.p95 > best.p95!) ? bucket : best), null);
  const withTransactions = summary.series.filter((bucket) => bucket.count > 0);
  return (
    <Section id="over-time-heading" title="Percentiles over time">
      <div className="grid gap-4 md:grid-cols-2">
        <VolumeChart buckets={summary.series.map(({ start, count }) => ({ start, count }))} bucketMs={summary.bucketMs} period={`the last ${summary.period}`} noun={{ one: "transaction", many: "transactions" }} />
        <VolumeChart
          buckets={summary.series.map(({ start, p95 }) => ({ start, count: Math.round(p95 ?? 0) }))}
          bucketMs={summary.bucketMs}
          period={`the last ${summary.period}`}
          noun={{ one: "ms p95", many: "ms p95" }}
          summary={slowest ? `p95 per ${unit}; the slowest ${unit} was ${bucketLabel(slowest.start, summary.bucketMs)} at ${ms(slowest.p95)}.` : `No transaction in the last ${summary.period}.`}
        />
      </div>
      {withTransactions.length > 0 ? (
        <DataTable
          label="Percentiles per period"
          columns={[{ label: unit === "hour" ? "Hour" : "Day" }, { label: "Transactions", className: "text-right" }, { label: "p50", className: "text-right" }, { label: "p75", className: "text-right" }, { label: "p95", className: "text-right" }, { label: "p99", className: "text-right" }]}
        >
          {withTransactions.map((bucket) => (
            <tr key={bucket.start}>
              <th scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap tabular-nums">
                {bucketLabel(bucket.start, summary.bucketMs)}
              </th>
              <td className="px-3 py-1 text-right tabular-nums">{bucket.count.toLocaleString("en")}</td>
              <td className="px-3 py-1 text-right tabular-nums">{ms(bucket.p50)}</td>
              <td className="px-3 py-1 text-right tabular-nums">{ms(bucket.p75)}</td>
              <td className="px-3 py-1 text-right tabular-nums">{ms(bucket.p95)}</td>
              <td className="px-3 py-1 text-right tabular-nums">{ms(bucket.p99)}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </Section>
  );
}

/** The slowest transactions of the window, each opening its trace on its own span. */
export function SlowestTraces({ summary }: { summary: TransactionSummary }) {
  return (
    <Section id="slowest-heading" title="Slowest traces">
      {summary.slowest.length === 0 ? (
        <p className="text-sm text-muted-foreground">No transaction in this period.</p>
      ) : (
        <DataTable label="Slowest traces" columns={[{ label: "Duration", className: "text-right" }, { label: "Started" }, { label: "Status" }, { label: "Release" }, { label: "Trace" }]}>
          {summary.slowest.map((row) => (
            <tr key={`${row.traceId}${row.spanId}`} className="hover:bg-muted/50">
              <td className="px-3 py-2 text-right tabular-nums">{ms(row.durationMs)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatTimestamp(row.startedAt).slice(0, 19)} UTC</td>
              <td className="px-3 py-2 font-mono text-xs">{row.status}</td>
              <td className="px-3 py-2 font-mono text-xs wrap-break-word">{row.release ?? "—"}</td>
              <td className="px-3 py-2">
                <Link href={`/traces/${row.traceId}?span=${row.spanId}`} prefetch={false} className="font-mono text-xs text-primary hover:underline">
                  {row.traceId.slice(0, 8)}
                </Link>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

/** Where the time goes: the child spans of the newest transactions, summed by op. */
export function TimeByOperation({ summary }: { summary: TransactionSummary }) {
  return (
    <Section id="ops-heading" title="Time by span operation">
      {summary.timeByOp.length === 0 ? (
        <p className="text-sm text-muted-foreground">The transactions of this period have no child spans.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The child spans of the newest {summary.opSampleSize.toLocaleString("en")} transactions, their durations added up by op (a span nested in another counts in both).
          </p>
          <DataTable label="Time by span operation" columns={[{ label: "Op" }, { label: "Spans", className: "text-right" }, { label: "Total time", className: "text-right" }, { label: "Share", className: "text-right" }]}>
            {summary.timeByOp.map((row) => (
              <tr key={row.op}>
                <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal wrap-break-word">
                  {row.op}
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{row.count.toLocaleString("en")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{ms(row.totalMs)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatRate(row.share)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </Section>
  );
}

/** The same transaction in each release: how many, how fast, how often failed. */
export function ReleasesCompared({ summary }: { summary: TransactionSummary }) {
  return (
    <Section id="releases-heading" title="Releases compared">
      {summary.releases.length === 0 ? (
        <p className="text-sm text-muted-foreground">No transaction in this period.</p>
      ) : (
        <DataTable label="Releases compared" columns={[{ label: "Release" }, { label: "Transactions", className: "text-right" }, { label: "p50", className: "text-right" }, { label: "p95", className: "text-right" }, { label: "Failure rate", className: "text-right" }]}>
          {summary.releases.map((row) => (
            <tr key={row.release ?? ""}>
              <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal wrap-break-word">
                {row.release ?? <span className="font-sans text-muted-foreground">no release</span>}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{row.count.toLocaleString("en")}</td>
              <td className="px-3 py-2 text-right tabular-nums">{ms(row.p50)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{ms(row.p95)}</td>
              <td className={cn("px-3 py-2 text-right tabular-nums", row.failureRate > 0 && "text-red-700 dark:text-red-400")}>{formatRate(row.failureRate)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

/** Issues whose events happened in this transaction (their `transaction` tag). */
export function RelatedIssues({ summary, projectSlug }: { summary: TransactionSummary; projectSlug: string }) {
  return (
    <Section id="related-issues-heading" title="Related issues">
      {summary.relatedIssues.length === 0 ? (
        <p className="text-sm text-muted-foreground">No issue was seen in this transaction.</p>
      ) : (
        <ul aria-label="Related issues" className="divide-y divide-border rounded-lg border border-border">
          {summary.relatedIssues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm">
              <Link href={`/projects/${projectSlug}/issues/${issue.id}`} prefetch={false} className="min-w-0 font-medium text-primary wrap-break-word hover:underline">
                <IdentifierText value={issue.title} />
              </Link>
              <span className="text-xs text-muted-foreground tabular-nums">
                {issue.status} · {issue.timesSeen.toLocaleString("en")} {issue.timesSeen === 1 ? "event" : "events"} here · last {formatTimestamp(issue.lastSeen).slice(0, 16)} UTC
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** A page's web vitals: p75 of the window with web.dev's rating, then p75 per hour or day. */
export function WebVitalsOverTime({ summary }: { summary: TransactionSummary }) {
  if (summary.vitals.length === 0) return null;
  const unit = summary.bucketMs <= hourMs ? "hour" : "day";
  const value = (vital: string, p75: number | null) => (p75 === null ? "—" : vital === "cls" ? p75.toFixed(3) : ms(Number(p75.toFixed(1))));
  const buckets = summary.series.filter((bucket) => summary.vitals.some((vital) => vital.series.some((point) => point.start === bucket.start && point.p75 !== null)));
  return (
    <Section id="vitals-heading" title="Web vitals over time">
      <dl aria-label="Web vitals p75" className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {summary.vitals.map((vital) => (
          <div key={vital.vital} className="rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">{webVitals[vital.vital].label} p75</dt>
            <dd className={cn("mt-1 text-lg font-semibold tabular-nums", ratingTone[vital.rating])}>
              {value(vital.vital, vital.p75)} <span className="text-xs font-normal">{ratingWords[vital.rating]}</span>
            </dd>
          </div>
        ))}
      </dl>
      <DataTable label="Web vitals per period" columns={[{ label: unit === "hour" ? "Hour" : "Day" }, ...summary.vitals.map((vital) => ({ label: `${vital.vital.toUpperCase()} p75`, className: "text-right" }))]}>
        {buckets.map((bucket) => (
          <tr key={bucket.start}>
            <th scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap tabular-nums">
              {bucketLabel(bucket.start, summary.bucketMs)}
            </th>
            {summary.vitals.map((vital) => {
              const point = vital.series.find((entry) => entry.start === bucket.start);
              return (
                <td key={vital.vital} className={cn("px-3 py-1 text-right tabular-nums", point?.rating ? ratingTone[point.rating] : "text-muted-foreground")}>
                  {value(vital.vital, point?.p75 ?? null)}
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}
