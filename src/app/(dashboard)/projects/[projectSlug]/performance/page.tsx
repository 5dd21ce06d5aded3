import type { Metadata } from "next";
import Link from "next/link";
import { SpanGroupsTable, TransactionsTable, WebVitalsTable } from "@/components/performance/performance-tables";
import { VolumeChart } from "@/components/charts/volume-chart";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import { EmptyState } from "@/components/ui/empty-state";
import { environmentScope } from "@/lib/environment-filter";
import { IdentifierText } from "@/components/ui/identifier-text";
import { cn } from "@/lib/cn";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { getProjectPerformance, maxRowsPerList, performancePeriods, type PerformancePeriod } from "@/server/performance/get-project-performance";

interface ProjectPerformancePageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ period?: string; search?: string }>;
}

export async function generateMetadata({ params }: ProjectPerformancePageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} performance` };
}

const periods = Object.keys(performancePeriods) as PerformancePeriod[];

/** `/projects/{slug}/performance`: transactions, web vitals, queries and outgoing requests from the spans the SDKs sent. */
export default async function ProjectPerformancePage({ params, searchParams }: ProjectPerformancePageProps) {
  const { projectSlug } = await params;
  const query = await searchParams;
  const period = periods.includes(query.period as PerformancePeriod) ? (query.period as PerformancePeriod) : "24h";
  const search = typeof query.search === "string" ? query.search.slice(0, 200) : "";
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const performance = await getProjectPerformance(context, project.id, { period, search, environment: context.viewer.environmentFilter });
  const environment = context.viewer.environmentFilter ?? null;
  const base = `/projects/${project.slug}/performance`;
  const isEmpty = performance.transactions.length === 0 && performance.vitals.length === 0 && performance.queries.length === 0 && performance.requests.length === 0 && performance.droppedByClients.length === 0 && !performance.budgetPrune;
  return (
    <>
      <PageHeader
        title="Performance"
        description={
          <>
            <IdentifierText value={project.name} />: the transactions and spans its SDKs sent (set <code className="font-mono text-xs">tracesSampleRate</code>), in the last {period}.
          </>
        }
      />
      <ProjectNav slug={project.slug} current="performance" />
      <EnvironmentScopeNote scope={environmentScope(environment, false)} />
      {environment ? <p className="-mt-2 mb-3 text-xs text-muted-foreground">Transactions and their chart are of this environment; queries, outgoing requests and web vitals count every environment (their rollups keep none).</p> : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <nav aria-label="Period" className="flex gap-1">
          {periods.map((option) => (
            <Link
              key={option}
              href={`${base}?${new URLSearchParams({ period: option, ...(search ? { search } : {}) }).toString()}`}
              prefetch={false}
              aria-current={option === period ? "page" : undefined}
              className={cn("rounded-md px-2 py-1 text-sm text-muted-foreground hover:text-foreground", option === period && "bg-muted font-medium text-foreground")}
            >
              {option}
            </Link>
          ))}
        </nav>
        <form action={base} className="flex gap-2">
          <input type="hidden" name="period" value={period} />
          <label className="sr-only" htmlFor="transaction-search">
            Search transactions
          </label>
          <input id="transaction-search" name="search" defaultValue={search} placeholder="Search transactions" className="h-8 rounded-md border border-input bg-background px-2 text-sm" />
        </form>
      </div>
      {isEmpty ? (
        <EmptyState title="No transaction in this period">
          Set <code className="font-mono text-xs">tracesSampleRate</code> in the SDK&apos;s init (the Next.js wizard sets it), or export OpenTelemetry traces to this project&apos;s OTLP endpoint: each traced request then shows here,
          with its spans in the trace view.
        </EmptyState>
      ) : (
        <div className="space-y-8">
          {performance.droppedByClients.length > 0 || performance.budgetPrune ? (
            <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              {performance.droppedByClients.length > 0 ? (
                <p>
                  The SDKs dropped {performance.droppedByClients.reduce((sum, row) => sum + row.quantity, 0).toLocaleString("en")} transactions or spans in this period before sending them (
                  {performance.droppedByClients.map((row) => `${row.reason}: ${row.quantity.toLocaleString("en")}`).join(", ")}), as their client reports say; a key&apos;s rate limit shows as
                  ratelimit_backoff.
                </p>
              ) : null}
              {performance.budgetPrune ? (
                <p>
                  The disk budget (LANTERN_DISK_BUDGET) deleted the {performance.budgetPrune.deleted.toLocaleString("en")} oldest spans {new Date(performance.budgetPrune.at).toISOString().slice(0, 16).replace("T", " ")} UTC, before any event.
                </p>
              ) : null}
            </div>
          ) : null}
          {performance.truncated.length > 0 ? (
            <p role="status" className="text-sm text-muted-foreground">
              This period holds more than {maxRowsPerList.toLocaleString("en")} spans for {performance.truncated.join(", ")}: the figures there cover the newest {maxRowsPerList.toLocaleString("en")}.
            </p>
          ) : null}
          <section aria-labelledby="transactions-heading" className="space-y-3">
            <h2 id="transactions-heading" className="text-base font-semibold">
              Transactions
            </h2>
            <VolumeChart
              buckets={performance.chart}
              bucketMs={performance.chartBucketMs}
              period={`the last ${period}`}
              noun={{ one: "transaction", many: "transactions" }}
            />
            {performance.transactions.length > 0 ? <TransactionsTable rows={performance.transactions} projectSlug={project.slug} period={period} /> : <p className="text-sm text-muted-foreground">No transaction matches.</p>}
          </section>
          <section aria-labelledby="vitals-heading" className="space-y-3">
            <h2 id="vitals-heading" className="text-base font-semibold">
              Web vitals
            </h2>
            {performance.vitals.length > 0 ? (
              <WebVitalsTable pages={performance.vitals} projectSlug={project.slug} period={period} />
            ) : (
              <p className="text-sm text-muted-foreground">No page load reported web vitals: the browser SDK sends them with its page loads when tracing is on.</p>
            )}
          </section>
          <section aria-labelledby="queries-heading" className="space-y-3">
            <h2 id="queries-heading" className="text-base font-semibold">
              Database queries
            </h2>
            {performance.queries.length > 0 ? <SpanGroupsTable label="Queries" rows={performance.queries} /> : <p className="text-sm text-muted-foreground">No database span in this period.</p>}
          </section>
          <section aria-labelledby="requests-heading" className="space-y-3">
            <h2 id="requests-heading" className="text-base font-semibold">
              Outgoing requests
            </h2>
            {performance.requests.length > 0 ? <SpanGroupsTable label="Requests" rows={performance.requests} /> : <p className="text-sm text-muted-foreground">No outgoing HTTP span in this period.</p>}
          </section>
        </div>
      )}
    </>
  );
}
