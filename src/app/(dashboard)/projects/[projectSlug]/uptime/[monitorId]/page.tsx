import type { Metadata } from "next";
import Link from "next/link";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { ResponseTimeChart } from "@/components/uptime/response-time-chart";
import { UptimeCheckTimeline } from "@/components/uptime/uptime-check-timeline";
import { UptimeMonitorForm } from "@/components/uptime/uptime-monitor-form";
import { UptimeStatus } from "@/components/uptime/uptime-status";
import { Card, CardTitle } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { formatTimestamp } from "@/lib/format-time";
import { uptimeFormValuesOf } from "@/lib/uptime-form";
import { describeInterval, formatUptime, uptimeReasonWords } from "@/lib/views/uptime";
import { getAppContext } from "@/server/app-context";
import { loadUptimeMonitorPage } from "@/server/pages/load-uptime-pages";
import { deleteUptimeMonitorAction, saveUptimeMonitorAction } from "../actions";

interface UptimeMonitorPageProps {
  params: Promise<{ projectSlug: string; monitorId: string }>;
  searchParams: Promise<{ created?: string | string[] }>;
}

export async function generateMetadata({ params }: UptimeMonitorPageProps): Promise<Metadata> {
  return { title: `Uptime monitor · ${(await params).projectSlug}` };
}

function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** One monitor: its checks, response times, uptime over 24 h / 7 d / 30 d, its incidents and (for writers) its settings. */
export default async function UptimeMonitorPage({ params, searchParams }: UptimeMonitorPageProps) {
  const { projectSlug, monitorId } = await params;
  const { created } = await searchParams;
  const { project, page, mayChange, now } = await loadUptimeMonitorPage(await getAppContext(), projectSlug, monitorId);
  const { monitor, uptime, checks, hours, incidents } = page;
  const issuesPath = `/projects/${encodeURIComponent(project.slug)}/issues`;
  return (
    <>
      <PageHeader
        title={monitor.name}
        description={
          <>
            <span className="font-mono wrap-break-word">
              {monitor.method} <IdentifierText value={monitor.url} />
            </span>, {describeInterval(monitor.intervalSeconds)}.{" "}
            <Link href={`/projects/${encodeURIComponent(project.slug)}/uptime`} prefetch={false} className="hover:underline">
              Back to the monitors
            </Link>
          </>
        }
        actions={<UptimeStatus uptimeStatus={monitor.uptimeStatus} isDisabled={monitor.status === "disabled"} />}
      />
      <ProjectNav slug={project.slug} current="uptime" />
      <div className="max-w-5xl space-y-6">
        {created === "1" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Monitor created: the first check runs within seconds.
          </p>
        ) : null}
        <dl aria-label="Uptime" className="grid gap-3 sm:grid-cols-3">
          {([["Last 24 hours", uptime.last24h], ["Last 7 days", uptime.last7d], ["Last 30 days", uptime.last30d]] as const).map(([label, share]) => (
            <div key={label} className="rounded-lg border border-border bg-card p-4">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{formatUptime(share)}</dd>
            </div>
          ))}
        </dl>
        <Card className="space-y-3">
          <CardTitle>Checks</CardTitle>
          {checks.length === 0 ? <p className="text-sm text-muted-foreground">No checks yet.</p> : <UptimeCheckTimeline checks={checks} />}
        </Card>
        <Card className="space-y-3">
          <CardTitle>Response time, last 7 days</CardTitle>
          <ResponseTimeChart hours={hours} />
        </Card>
        <Card className="space-y-3">
          <CardTitle>Incidents, last 90 days</CardTitle>
          {incidents.length === 0 ? (
            <p className="text-sm text-muted-foreground">No downtime.</p>
          ) : (
            <ul aria-label="Incidents" className="divide-y divide-border text-sm">
              {incidents.map((incident) => (
                <li key={incident.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2">
                  <span className="font-medium">{incident.resolvedAt === null ? "Ongoing" : `Down ${formatDuration(incident.resolvedAt - incident.startedAt)}`}</span>
                  <span className="text-muted-foreground">
                    from {formatTimestamp(incident.startedAt)}
                    {incident.resolvedAt === null ? ` (${formatDuration(now - incident.startedAt)} so far)` : ` to ${formatTimestamp(incident.resolvedAt)}`}
                  </span>
                  {incident.reason ? <span>{uptimeReasonWords[incident.reason]}</span> : null}
                  {incident.issueId !== null ? (
                    <Link href={`${issuesPath}/${incident.issueId}`} prefetch={false} className="text-primary hover:underline">
                      Issue {incident.issueId}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
        {mayChange ? (
          <Card className="space-y-4">
            <CardTitle>Settings</CardTitle>
            <UptimeMonitorForm action={saveUptimeMonitorAction} projectSlug={project.slug} monitorId={monitor.id} values={uptimeFormValuesOf(monitor)} submitLabel="Save monitor" />
            <ConfirmAction
              trigger="Delete…"
              title={`Delete ${monitor.name}?`}
              description="Its checks and incidents go with it; the issues it opened stay."
              action={deleteUptimeMonitorAction}
              formLabel={`Delete ${monitor.name}`}
              fields={{ projectSlug: project.slug, monitorId: monitor.id }}
              submitLabel={`Delete ${monitor.name}`}
            />
          </Card>
        ) : null}
      </div>
    </>
  );
}
