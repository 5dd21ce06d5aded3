import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import { cn } from "@/lib/cn";
import { formatRate } from "@/lib/format-rate";
import type { PageVitals, SpanGroupRow, TransactionSummaryRow } from "@/lib/views/performance";
import { webVitals, type WebVitalRating } from "@/lib/web-vitals";

const ms = (value: number) => `${value.toLocaleString("en", { maximumFractionDigits: value < 10 ? 2 : 0 })} ms`;
const traceHref = (traceId: string) => `/traces/${traceId}`;

/** The transaction summary page of one transaction name. */
export function transactionSummaryHref(projectSlug: string, name: string, period?: string): string {
  return `/projects/${projectSlug}/performance/summary?${new URLSearchParams({ transaction: name, ...(period ? { period } : {}) }).toString()}`;
}

/** A project's transactions by name (each a link to its summary): throughput, percentiles, failure rate. */
export function TransactionsTable({ rows, projectSlug, period }: { rows: TransactionSummaryRow[]; projectSlug: string; period: string }) {
  return (
    <DataTable
      label="Transactions"
      columns={[{ label: "Transaction" }, { label: "Op" }, { label: "Count", className: "text-right" }, { label: "Per minute", className: "text-right" }, { label: "p50", className: "text-right" }, { label: "p75", className: "text-right" }, { label: "p95", className: "text-right" }, { label: "Failure rate", className: "text-right" }, { label: "Users", className: "text-right" }]}
    >
      {rows.map((row) => (
        <tr key={row.name} className="align-top hover:bg-muted/50">
          <th scope="row" className="min-w-48 px-3 py-2 text-left font-mono text-sm font-normal wrap-break-word">
            <Link href={transactionSummaryHref(projectSlug, row.name, period)} prefetch={false} className="text-primary hover:underline">
              <IdentifierText value={row.name} />
            </Link>
          </th>
          <td className="px-3 py-2 font-mono text-xs">{row.op}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.count.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.perMinute.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-right tabular-nums">{ms(row.p50)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{ms(row.p75)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{ms(row.p95)}</td>
          <td className={cn("px-3 py-2 text-right tabular-nums", row.failureRate > 0 && "text-red-700 dark:text-red-400")}>{formatRate(row.failureRate)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{row.users.toLocaleString("en")}</td>
        </tr>
      ))}
    </DataTable>
  );
}

const ratingTone: Record<WebVitalRating, string> = {
  good: "text-emerald-700 dark:text-emerald-400",
  "needs-improvement": "text-amber-700 dark:text-amber-400",
  poor: "text-red-700 dark:text-red-400",
};
const ratingWords: Record<WebVitalRating, string> = { good: "good", "needs-improvement": "needs improvement", poor: "poor" };

/** p75 of each web vital per page, rated as web.dev does. */
export function WebVitalsTable({ pages, projectSlug, period }: { pages: PageVitals[]; projectSlug: string; period: string }) {
  const names = ["lcp", "inp", "cls", "fcp", "ttfb"] as const;
  return (
    <DataTable label="Web vitals" columns={[{ label: "Page" }, ...names.map((name) => ({ label: `${name.toUpperCase()} p75`, className: "text-right" }))]}>
      {pages.map((page) => (
        <tr key={page.page} className="align-top hover:bg-muted/50">
          <th scope="row" className="min-w-48 px-3 py-2 text-left font-mono text-sm font-normal wrap-break-word">
            <Link href={transactionSummaryHref(projectSlug, page.page, period)} prefetch={false} className="text-primary hover:underline">
              <IdentifierText value={page.page} />
            </Link>
          </th>
          {names.map((name) => {
            const vital = page.vitals.find((entry) => entry.vital === name);
            return (
              <td key={name} className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                {vital ? (
                  <span className={ratingTone[vital.rating]} title={`${webVitals[name].label}: ${ratingWords[vital.rating]} (${vital.count} measured)`}>
                    {name === "cls" ? vital.p75.toFixed(3) : ms(vital.p75)} <span className="text-xs">{ratingWords[vital.rating]}</span>
                  </span>
                ) : (
                  <span className="text-muted-foreground">—</span>
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}

/** Database queries by statement, or outgoing requests by domain: how often, how long in all, p95, one trace. */
export function SpanGroupsTable({ label, rows }: { label: string; rows: SpanGroupRow[] }) {
  return (
    <DataTable label={label} columns={[{ label: label === "Queries" ? "Statement" : "Domain" }, { label: "Count", className: "text-right" }, { label: "Total time", className: "text-right" }, { label: "p95", className: "text-right" }, { label: "Example" }]}>
      {rows.map((row) => (
        <tr key={row.label} className="align-top hover:bg-muted/50">
          <th scope="row" className="min-w-64 px-3 py-2 text-left font-mono text-xs font-normal wrap-break-word">
            {row.label}
          </th>
          <td className="px-3 py-2 text-right tabular-nums">{row.count.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-right tabular-nums">{ms(row.totalMs)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{ms(row.p95Ms)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            <Link href={traceHref(row.exampleTraceId)} prefetch={false} className="text-sm text-primary hover:underline">
              trace
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
