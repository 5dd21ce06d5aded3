import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DurationHistogram, PercentilesOverTime, RelatedIssues, ReleasesCompared, SlowestTraces, TimeByOperation, TransactionTotals, WebVitalsOverTime } from "@/components/performance/transaction-summary-sections";
import { transactionSummaryHref } from "@/components/performance/performance-tables";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { IdentifierText } from "@/components/ui/identifier-text";
import { cn } from "@/lib/cn";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { performancePeriods, type PerformancePeriod } from "@/server/performance/get-project-performance";
import { getTransactionSummary } from "@/server/performance/get-transaction-summary";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import { environmentScope } from "@/lib/environment-filter";

interface TransactionSummaryPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ transaction?: string; period?: string }>;
}

export async function generateMetadata({ searchParams }: TransactionSummaryPageProps): Promise<Metadata> {
  const { transaction } = await searchParams;
  return { title: typeof transaction === "string" ? `${transaction.slice(0, 120)} · transaction summary` : "Transaction summary" };
}

const periods = Object.keys(performancePeriods) as PerformancePeriod[];

/** `/projects/{slug}/performance/summary?transaction=…`: one transaction's durations, traces, time by op, issues and releases. */
export default async function TransactionSummaryPage({ params, searchParams }: TransactionSummaryPageProps) {
  const { projectSlug } = await params;
  const query = await searchParams;
  const name = typeof query.transaction === "string" ? query.transaction.slice(0, 2_000) : "";
  const period = periods.includes(query.period as PerformancePeriod) ? (query.period as PerformancePeriod) : "24h";
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const environment = context.viewer.environmentFilter ?? null;
  const summary = name ? await getTransactionSummary(context, project.id, name, { period, environment }) : null;
  if (!summary) notFound();
  return (
    <>
      <PageHeader
        title={summary.name}
        description={
          <>
            Transaction summary of <IdentifierText value={project.name} /> ({summary.op}), the last {period}. <Link href={`/projects/${project.slug}/performance?period=${period}`} className="text-primary hover:underline">All transactions</Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="performance" />
      <EnvironmentScopeNote scope={environmentScope(environment, false)} />
      {environment ? <p className="-mt-2 mb-3 text-xs text-muted-foreground">Web vitals count every environment (they keep none).</p> : null}
      <nav aria-label="Period" className="mb-4 flex gap-1">
        {periods.map((option) => (
          <Link
            key={option}
            href={transactionSummaryHref(project.slug, summary.name, option)}
            prefetch={false}
            aria-current={option === period ? "page" : undefined}
            className={cn("rounded-md px-2 py-1 text-sm text-muted-foreground hover:text-foreground", option === period && "bg-muted font-medium text-foreground")}
          >
            {option}
          </Link>
        ))}
      </nav>
      <div className="space-y-8">
        <TransactionTotals summary={summary} />
        <DurationHistogram summary={summary} />
        <PercentilesOverTime summary={summary} />
        <WebVitalsOverTime summary={summary} />
        <SlowestTraces summary={summary} />
        <TimeByOperation summary={summary} />
        <RelatedIssues summary={summary} projectSlug={project.slug} />
        <ReleasesCompared summary={summary} />
      </div>
    </>
  );
}
