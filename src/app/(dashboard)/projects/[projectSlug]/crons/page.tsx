import type { Metadata } from "next";
import Link from "next/link";
import { MonitorList } from "@/components/crons/monitor-list";
import { MonitorSetup } from "@/components/crons/monitor-setup";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { loadProjectCronsPage } from "@/server/pages/load-crons-page";

interface ProjectCronsPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectCronsPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} crons` };
}

/** `/projects/{slug}/crons`: the project's cron monitors, or how a job starts checking in. */
export default async function ProjectCronsPage({ params, searchParams }: ProjectCronsPageProps) {
  const { projectSlug } = await params;
  const { deleted } = await searchParams;
  const { project, monitors, snippets, mayWrite, now } = await loadProjectCronsPage(await getAppContext(), projectSlug);
  return (
    <>
      <PageHeader
        title="Crons"
        description={
          <>
            <IdentifierText value={project.name} />: scheduled jobs that check in.
          </>
        }
        actions={
          mayWrite ? (
            <Button asChild size="sm">
              <Link href={`/projects/${encodeURIComponent(project.slug)}/crons/new`} prefetch={false}>
                New monitor
              </Link>
            </Button>
          ) : null
        }
      />
      <ProjectNav slug={project.slug} current="crons" />
      {deleted === "1" ? (
        <p role="status" className="mb-4 text-sm text-muted-foreground">
          The monitor was deleted.
        </p>
      ) : null}
      {monitors.length === 0 ? (
        <Card className="max-w-4xl space-y-4">
          <div>
            <CardTitle>No cron monitors yet</CardTitle>
            <CardDescription>
              A monitor is created by its job&apos;s first check-in (with its schedule), or here with New monitor. Lantern then expects the next check-in on schedule and opens an issue when one is missed, fails or runs too long.
            </CardDescription>
          </div>
          {snippets.length > 0 ? <MonitorSetup snippets={snippets} /> : <p className="text-sm text-muted-foreground">The project has no active client key: enable one under Client keys to check in.</p>}
        </Card>
      ) : (
        <MonitorList monitors={monitors} showProject={false} now={now} />
      )}
    </>
  );
}
