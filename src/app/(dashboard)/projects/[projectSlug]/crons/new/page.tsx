import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MonitorForm } from "@/components/crons/monitor-form";
import { newMonitorFormValues } from "@/components/crons/monitor-form-defaults";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { saveMonitorAction } from "../actions";

interface NewMonitorPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: NewMonitorPageProps): Promise<Metadata> {
  return { title: `New cron monitor · ${(await params).projectSlug}` };
}

/** A new cron monitor in the project (members and above; read-only viewers get the 404 page). */
export default async function NewMonitorPage({ params }: NewMonitorPageProps) {
  const { projectSlug } = await params;
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug, "monitor.list");
  if (!context.viewer.permissions.has("write")) notFound();
  return (
    <>
      <PageHeader
        title="New cron monitor"
        description={
          <>
            <IdentifierText value={project.name} />.{" "}
            <Link href={`/projects/${encodeURIComponent(project.slug)}/crons`} prefetch={false} className="hover:underline">
              Back to the monitors
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="crons" />
      <Card className="max-w-3xl">
        <MonitorForm action={saveMonitorAction} projectSlug={project.slug} monitorSlug={null} values={newMonitorFormValues} submitLabel="Create monitor" />
      </Card>
    </>
  );
}
