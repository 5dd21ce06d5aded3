import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MonitorForm } from "@/components/crons/monitor-form";
import { newMonitorFormValues } from "@/components/crons/monitor-form-defaults";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { listProjects } from "@/server/projects/list-projects";
import { saveMonitorAction } from "../../projects/[projectSlug]/crons/actions";

export const metadata: Metadata = { title: "New cron monitor" };

/** `/crons/new`: a new monitor in any project the viewer sees (members and above; read-only viewers get the 404 page). */
export default async function NewCronMonitorPage() {
  const context = await getAppContext();
  if (!context.viewer.permissions.has("write")) notFound();
  const projects = await listProjects(context);
  return (
    <>
      <PageHeader
        title="New cron monitor"
        description={
          <Link href="/crons" prefetch={false} className="hover:underline">
            Back to the monitors
          </Link>
        }
      />
      <Card className="max-w-3xl">
        <MonitorForm action={saveMonitorAction} projectSlug={null} projects={projects.map((project) => ({ slug: project.slug, name: project.name }))} monitorSlug={null} values={newMonitorFormValues} submitLabel="Create monitor" />
      </Card>
    </>
  );
}
