import type { Metadata } from "next";
import Link from "next/link";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { StatusPageForm } from "@/components/uptime/status-page-form";
import { UptimeMonitorList } from "@/components/uptime/uptime-monitor-list";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { loadUptimeListPage } from "@/server/pages/load-uptime-pages";
import { saveStatusPageAction } from "./actions";

interface UptimePageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ deleted?: string | string[] }>;
}

export async function generateMetadata({ params }: UptimePageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} uptime` };
}

/** Project → Uptime: the monitors Lantern checks, and the project's public status page. */
export default async function UptimePage({ params, searchParams }: UptimePageProps) {
  const { projectSlug } = await params;
  const { deleted } = await searchParams;
  const context = await getAppContext();
  const { project, monitors, statusPage, mayChange, now } = await loadUptimeListPage(context, projectSlug);
  const newMonitor = mayChange ? (
    <Button asChild>
      <Link href={`/projects/${encodeURIComponent(project.slug)}/uptime/new`} prefetch={false}>
        New monitor
      </Link>
    </Button>
  ) : null;
  const statusPath = `/status/${encodeURIComponent(project.slug)}`;
  return (
    <>
      <PageHeader title="Uptime" description={<><IdentifierText value={project.name} />: sites Lantern requests on a schedule; downtime opens an issue, which alert rules can send.</>} actions={newMonitor} />
      <ProjectNav slug={project.slug} current="uptime" />
      <div className="max-w-5xl space-y-6">
        {deleted === "1" ? (
          <p role="status" className="text-sm text-muted-foreground">
            Monitor deleted.
          </p>
        ) : null}
        {monitors.length === 0 ? (
          <EmptyState title="No uptime monitors" action={newMonitor}>
            <p>Nobody hears that the site is down until a customer says so. A monitor requests a URL every 1 to 60 minutes and opens an issue after a few failures in a row.</p>
          </EmptyState>
        ) : (
          <UptimeMonitorList projectSlug={project.slug} monitors={monitors} now={now} />
        )}
        <Card className="space-y-3">
          <div>
            <CardTitle>Status page</CardTitle>
            <CardDescription>
              {statusPage.isEnabled ? (
                <>
                  Public at{" "}
                  <a href={statusPath} className="font-mono text-primary hover:underline">
                    {statusPath}
                  </a>
                  , without sign-in: the monitors marked for it, by name, with their status and 90 days of incidents.
                </>
              ) : (
                "Off: nobody without an account sees anything. When on, it shows only the monitors marked for it, by name, with their status and 90 days of incidents."
              )}
            </CardDescription>
          </div>
          {mayChange ? <StatusPageForm action={saveStatusPageAction} settings={statusPage} /> : null}
        </Card>
      </div>
    </>
  );
}
