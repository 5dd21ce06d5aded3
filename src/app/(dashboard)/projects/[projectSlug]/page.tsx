import type { Metadata } from "next";
import Link from "next/link";
import { ChartRangeSwitch, rangePeriod, type ChartRange } from "@/components/charts/chart-range-switch";
import { VolumeChart } from "@/components/charts/volume-chart";
import { PlatformBadge } from "@/components/projects/platform-badge";
import { ReceivedEnvelopeList } from "@/components/projects/received-envelope-list";
import { OverviewIssueList } from "@/components/projects/overview-issue-list";
import { OverviewIssueViewSwitch, parseOverviewIssueView } from "@/components/projects/overview-issue-views";
import { ProjectNav } from "@/components/projects/project-nav";
import { WaitingForFirstEvent } from "@/components/projects/waiting-for-first-event";
import { RelativeTime } from "@/components/issues/relative-time";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { formatRate } from "@/lib/format-rate";
import { rawRetentionInWords } from "@/lib/raw-retention-words";
import { searchFilter } from "@/lib/search-filter";
import { getAppContext } from "@/server/app-context";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { buildDsn } from "@/server/projects/build-dsn";
import { getProjectOverview, type OverviewRange } from "@/server/projects/get-project-overview";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ProjectPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectPageProps): Promise<Metadata> {
  return { title: (await params).projectSlug };
}

const ranges: ChartRange<OverviewRange>[] = [
  { value: "24h", label: "24 hours", period: "the last 24 hours" },
  { value: "14d", label: "14 days", period: "the last 14 days" },
];

/**
 * `/projects/{slug}`: the page a team opens every morning — or, before the project received anything, how to
 * send its first event. Lantern's own project never waits: this instance is its SDK, and the page shows what
 * it sent (sessions and traces before any error).
 */
export default async function ProjectPage({ params, searchParams }: ProjectPageProps) {
  const { projectSlug } = await params;
  const query = await searchParams;
  const range: OverviewRange = query.range === "14d" ? "14d" : "24h";
  const issueView = parseOverviewIssueView(query.issues);
  const context = await getAppContext();
  const { config } = context;
  const { project, keys } = await loadProjectPage(context, projectSlug);
  const [overview, received] = await Promise.all([getProjectOverview(context, project.id, { range }), listReceivedEnvelopes(context, project.id, { limit: 10 })]);
  const activeKeys = keys.filter((key) => key.is_active === 1);
  const base = `/projects/${project.slug}`;
  const period = rangePeriod(ranges, range);
  const issuesHref = (query: string) => `${base}/issues?${new URLSearchParams({ query }).toString()}`;

  const dsnCard = (
    <Card aria-labelledby="project-dsn" className="min-w-0">
      <CardTitle id="project-dsn">DSN</CardTitle>
      <CardDescription>Set this DSN in your Sentry SDK; nothing else in your setup changes.</CardDescription>
      <div className="mt-4 space-y-3">
        {activeKeys.map((key) => (
          <div key={key.id}>
            <div className="mb-1 text-xs text-muted-foreground">{key.label}</div>
            <CodeBlock code={buildDsn(config.publicUrl, key.public_key, project.id)} label={activeKeys.length > 1 ? `DSN of ${key.label}` : "DSN"} />
          </div>
        ))}
        {activeKeys.length === 0 ? <p className="text-sm text-muted-foreground">This project has no active key; Lantern refuses whatever is sent to it.</p> : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href={`${base}/keys`} prefetch={false} className="text-primary hover:underline">
          Manage keys
        </Link>
        <Link href={`${base}/received`} prefetch={false} className="text-primary hover:underline">
          Received envelopes
        </Link>
      </div>
    </Card>
  );

  // What arrived, sessions and transactions included: the first thing to look at when events do not show up.
  const receivedCard =
    received.length > 0 ? (
      <Card aria-labelledby="recently-received" className="min-w-0">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <CardTitle id="recently-received">Recently received</CardTitle>
          <Link href={`${base}/received`} prefetch={false} className="text-sm text-primary hover:underline">
            Open latest
          </Link>
        </div>
        <CardDescription>
          Envelopes this project accepted, newest first. Each one is stored before Lantern answers the SDK. {rawRetentionInWords(config.retention.rawHours)}
        </CardDescription>
        <div className="mt-4">
          <ReceivedEnvelopeList projectSlug={project.slug} envelopes={received} />
        </div>
      </Card>
    ) : null;

  return (
    <>
      <PageHeader title={project.name} description={<span className="font-mono">{project.slug}</span>} actions={<PlatformBadge platform={project.platform} />} />
      <ProjectNav slug={project.slug} current="overview" />
      {context.viewer.environmentFilter ? (
        // Its counts come from per-issue hourly counters, which keep no environment: say so rather than mislead.
        <p className="mb-3 text-xs text-muted-foreground" data-testid="environment-scope">
          The overview counts every environment; the Issues, Releases, Performance and Logs tabs show only <IdentifierText value={context.viewer.environmentFilter} />, as picked in the header.
        </p>
      ) : null}
      {!overview.hasReceived && project.is_internal !== 1 ? (
        <div className="space-y-6">
          <WaitingForFirstEvent projectSlug={project.slug} projectId={project.id}>
            {dsnCard}
          </WaitingForFirstEvent>
          {receivedCard}
        </div>
      ) : (
        <div className="space-y-6">
          <Card aria-labelledby="project-activity" className="min-w-0">
            <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
              <CardTitle id="project-activity">Activity in {period}</CardTitle>
              <ChartRangeSwitch label="Overview range" ranges={ranges} current={range} path={base} parameter="range" keep={issueView === "top" ? {} : { issues: issueView }} />
            </div>
            <dl className={`mb-5 grid grid-cols-1 gap-3 ${overview.sessions ? "sm:grid-cols-2 xl:grid-cols-4" : "sm:grid-cols-3"}`}>
              <Stat label="Events" value={overview.eventsInWindow} />
              <Stat label="Unresolved issues seen" value={overview.unresolvedIssuesInWindow} note={`${overview.unresolvedTotal.toLocaleString("en")} unresolved in all`} />
              <Stat label="New issues today" value={overview.newIssueCount} note="first seen in the last 24 hours" />
              {overview.sessions ? (
                <Stat
                  label="Crash-free sessions"
                  value={formatRate(overview.sessions.crashFreeRate)}
                  note={`${overview.sessions.crashed.toLocaleString("en")} of ${overview.sessions.started.toLocaleString("en")} ${overview.sessions.started === 1 ? "session" : "sessions"} crashed`}
                />
              ) : null}
            </dl>
            <div className="grid gap-6 lg:grid-cols-2">
              <section aria-labelledby="events-chart" className="min-w-0">
                <h3 id="events-chart" className="mb-2 text-sm font-semibold">
                  Events
                </h3>
                <VolumeChart buckets={overview.buckets.map((bucket) => ({ start: bucket.start, count: bucket.events }))} bucketMs={overview.bucketMs} period={period} />
              </section>
              <section aria-labelledby="unresolved-chart" className="min-w-0">
                <h3 id="unresolved-chart" className="mb-2 text-sm font-semibold">
                  Unresolved issues with events
                </h3>
                <VolumeChart
                  buckets={overview.buckets.map((bucket) => ({ start: bucket.start, count: bucket.unresolvedIssues }))}
                  bucketMs={overview.bucketMs}
                  period={period}
                  noun={{ one: "unresolved issue", many: "unresolved issues" }}
                  summary={`${overview.unresolvedIssuesInWindow.toLocaleString("en")} unresolved ${overview.unresolvedIssuesInWindow === 1 ? "issue" : "issues"} had events in ${period}.`}
                />
              </section>
            </div>
          </Card>

          {/* One list at a time: on a young project the top issues and today's new ones are the same rows. */}
          <Card aria-labelledby="project-issues" className="min-w-0">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <CardTitle id="project-issues">Issues</CardTitle>
              <OverviewIssueViewSwitch current={issueView} path={base} keep={range === "24h" ? {} : { range }} newCount={overview.newIssueCount} />
            </div>
            {issueView === "top" ? (
              <>
                <p className="mb-3 text-xs text-muted-foreground">
                  Unresolved issues with the most events in {period}.{" "}
                  <Link href={`${base}/issues`} prefetch={false} className="text-primary hover:underline">
                    All issues
                  </Link>
                </p>
                <OverviewIssueList projectSlug={project.slug} issues={overview.topIssues} label="Top unresolved issues" count="window" empty={`No unresolved issue had events in ${period}.`} />
              </>
            ) : (
              <>
                <p className="mb-3 text-xs text-muted-foreground">
                  First seen in the last 24 hours, newest first.{" "}
                  <Link href={issuesHref("first-seen:-24h")} prefetch={false} className="text-primary hover:underline">
                    Search them
                  </Link>
                </p>
                <OverviewIssueList projectSlug={project.slug} issues={overview.newIssues} label="New issues today" count="total" empty="No new issue in the last 24 hours." />
              </>
            )}
          </Card>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card aria-labelledby="latest-releases" className="min-w-0">
              <CardTitle id="latest-releases" className="mb-3">
                Latest releases
              </CardTitle>
              {overview.releases.length > 0 ? (
                <Link href={`${base}/releases`} prefetch={false} className="-mt-2 mb-3 block text-xs text-muted-foreground hover:text-foreground hover:underline">
                  All releases and their health
                </Link>
              ) : null}
              {overview.releases.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No release yet: set <code className="font-mono text-xs">release</code> in the SDK and each event names the version it came from.
                </p>
              ) : (
                <ul aria-label="Latest releases" className="divide-y divide-border">
                  {overview.releases.map((release) => (
                    <li key={release.version} className="flex flex-wrap items-baseline justify-between gap-2 py-2 first:pt-0 last:pb-0">
                      <Link href={issuesHref(searchFilter("release", release.version))} prefetch={false} className="min-w-0 font-mono text-sm wrap-break-word hover:underline">
                        <IdentifierText value={release.version} />
                      </Link>
                      <span className="text-xs text-muted-foreground">
                        {release.newIssues.toLocaleString("en")} new {release.newIssues === 1 ? "issue" : "issues"} · first seen <RelativeTime time={release.firstSeen} />
                        {release.health ? ` · ${formatRate(release.health.crashFreeRate)} crash-free` : null}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            {dsnCard}
          </div>
          {receivedCard}
        </div>
      )}
    </>
  );
}

function Stat({ label, value, note }: { label: string; value: number | string; note?: string }) {
  return (
    <div className="rounded-md border border-border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{typeof value === "number" ? value.toLocaleString("en") : value}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}
