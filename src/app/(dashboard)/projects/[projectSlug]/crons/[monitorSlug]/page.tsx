import type { Metadata } from "next";
import Link from "next/link";
import { CheckInTable } from "@/components/crons/check-in-table";
import { CheckInLegend, CheckInTimeline } from "@/components/crons/check-in-timeline";
import { MonitorDetails } from "@/components/crons/monitor-details";
import { MonitorIssueList } from "@/components/crons/monitor-issue-list";
import { MonitorSetup } from "@/components/crons/monitor-setup";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { LongValueText } from "@/components/ui/long-value-text";
import { SegmentedLinks } from "@/components/ui/segmented-links";
import { getAppContext } from "@/server/app-context";
import { loadMonitorPage, timelinePeriods, type TimelinePeriod } from "@/server/pages/load-crons-page";

interface MonitorPageProps {
  params: Promise<{ projectSlug: string; monitorSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: MonitorPageProps): Promise<Metadata> {
  const { projectSlug, monitorSlug } = await params;
  return { title: `${decodeURIComponent(monitorSlug)} · ${projectSlug} crons` };
}

const periodOptions = (Object.keys(timelinePeriods) as TimelinePeriod[]).map((value) => ({ value, label: timelinePeriods[value].label }));

/** `/projects/{slug}/crons/{monitor}`: a monitor's timeline per environment, its recent check-ins and the issues it opened. */
export default async function MonitorPage({ params, searchParams }: MonitorPageProps) {
  const { projectSlug, monitorSlug } = await params;
  const { period: periodParam, saved } = await searchParams;
  const period: TimelinePeriod = periodParam === "7d" ? "7d" : "24h";
  const data = await loadMonitorPage(await getAppContext(), projectSlug, decodeURIComponent(monitorSlug), period);
  const { monitor, now } = data;
  const path = `/projects/${encodeURIComponent(monitor.projectSlug)}/crons/${encodeURIComponent(monitor.slug)}`;
  return (
    <>
      <PageHeader
        title={<LongValueText value={monitor.name} />}
        description={
          <>
            <Link href={`/projects/${encodeURIComponent(monitor.projectSlug)}/crons`} prefetch={false} className="hover:underline">
              Crons
            </Link>{" "}
            · <span className="font-mono">{monitor.scheduleText}</span>
            {monitor.status === "disabled" ? " · disabled" : ""}
            {monitor.isMuted ? " · muted" : ""}
          </>
        }
        actions={
          data.mayWrite ? (
            <Button asChild variant="secondary" size="sm">
              <Link href={`${path}/edit`} prefetch={false}>
                Edit
              </Link>
            </Button>
          ) : null
        }
      />
      <ProjectNav slug={monitor.projectSlug} current="crons" />
      {saved === "1" ? (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          Saved.
        </p>
      ) : null}
      <div className="space-y-6">
        <MonitorDetails monitor={monitor} now={now} />
        <Card className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle>Check-ins</CardTitle>
            <SegmentedLinks label="Timeline range" options={periodOptions} current={period} path={path} parameter="period" />
          </div>
          {data.timelines.length === 0 ? (
            <p className="text-sm text-muted-foreground">No check-in yet: nothing is expected (or missed) before the first one.</p>
          ) : (
            <>
              {data.timelines.map((timeline) => (
                <div key={timeline.environment} className="space-y-1.5">
                  <h3 className="text-sm font-medium">
                    <LongValueText value={timeline.environment} />
                  </h3>
                  <CheckInTimeline environment={timeline.environment} buckets={timeline.buckets} resolution={data.resolution} />
                </div>
              ))}
              <CheckInLegend />
            </>
          )}
        </Card>
        {data.snippets.length > 0 ? (
          <Card className="space-y-4">
            <div>
              <CardTitle>Start checking in</CardTitle>
              <CardDescription>Wrap the job, or call the URL when it starts and ends. The first check-in starts the schedule.</CardDescription>
            </div>
            <MonitorSetup snippets={data.snippets} />
          </Card>
        ) : null}
        {data.checkIns.length > 0 ? (
          <section className="space-y-2">
            <h2 className="text-base font-semibold">Recent check-ins</h2>
            <CheckInTable checkIns={data.checkIns} now={now} />
          </section>
        ) : null}
        <section className="space-y-2">
          <h2 className="text-base font-semibold">Issues</h2>
          <MonitorIssueList issues={data.issues} now={now} />
        </section>
      </div>
    </>
  );
}
