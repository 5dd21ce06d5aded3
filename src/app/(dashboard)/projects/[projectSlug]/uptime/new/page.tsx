import type { Metadata } from "next";
import Link from "next/link";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { UptimeMonitorForm } from "@/components/uptime/uptime-monitor-form";
import { Card } from "@/components/ui/card";
import { IdentifierText } from "@/components/ui/identifier-text";
import { newUptimeFormValues } from "@/lib/uptime-form";
import { getAppContext } from "@/server/app-context";
import { loadNewUptimePage } from "@/server/pages/load-uptime-pages";
import { saveUptimeMonitorAction } from "../actions";

interface NewUptimePageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: NewUptimePageProps): Promise<Metadata> {
  return { title: `New uptime monitor · ${(await params).projectSlug}` };
}

/** A new uptime monitor (those who may write; others get the 404 page). */
export default async function NewUptimePage({ params }: NewUptimePageProps) {
  const { projectSlug } = await params;
  const { project } = await loadNewUptimePage(await getAppContext(), projectSlug);
  return (
    <>
      <PageHeader
        title="New uptime monitor"
        description={
          <>
            <IdentifierText value={project.name} />.{" "}
            <Link href={`/projects/${encodeURIComponent(project.slug)}/uptime`} prefetch={false} className="hover:underline">
              Back to the monitors
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="uptime" />
      <Card className="max-w-4xl">
        <UptimeMonitorForm action={saveUptimeMonitorAction} projectSlug={project.slug} monitorId={null} values={newUptimeFormValues} submitLabel="Create monitor" />
      </Card>
    </>
  );
}
