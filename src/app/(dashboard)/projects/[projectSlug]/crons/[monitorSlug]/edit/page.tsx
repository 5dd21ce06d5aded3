import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { MonitorForm } from "@/components/crons/monitor-form";
import { monitorPath } from "@/components/crons/monitor-list";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { getAppContext } from "@/server/app-context";
import { getMonitor } from "@/server/monitors/get-monitor";
import { monitorFormValues } from "@/server/monitors/monitor-input";
import { monitorOrNotFound } from "@/server/pages/load-crons-page";
import { deleteMonitorAction, saveMonitorAction } from "../../actions";

interface EditMonitorPageProps {
  params: Promise<{ projectSlug: string; monitorSlug: string }>;
}

export async function generateMetadata({ params }: EditMonitorPageProps): Promise<Metadata> {
  return { title: `Edit cron monitor · ${(await params).projectSlug}` };
}

/** A monitor's settings form and its delete button (members and above; read-only viewers get the 404 page). */
export default async function EditMonitorPage({ params }: EditMonitorPageProps) {
  const { projectSlug, monitorSlug } = await params;
  const context = await getAppContext();
  const monitor = await monitorOrNotFound(getMonitor(context, { projectSlug, monitor: decodeURIComponent(monitorSlug) }));
  if (!context.viewer.permissions.has("write")) notFound();
  return (
    <>
      <PageHeader
        title={`Edit ${monitor.name}`}
        description={
          <Link href={monitorPath(monitor)} prefetch={false} className="hover:underline">
            Back to the monitor
          </Link>
        }
      />
      <ProjectNav slug={monitor.projectSlug} current="crons" />
      <div className="max-w-3xl space-y-6">
        <Card>
          <MonitorForm action={saveMonitorAction} projectSlug={monitor.projectSlug} monitorSlug={monitor.slug} values={monitorFormValues(monitor)} submitLabel="Save monitor" />
        </Card>
        <ConfirmAction
          trigger="Delete monitor…"
          title={`Delete ${monitor.name}?`}
          description="Its check-ins go with it; the issues it opened stay. A job that checks in again creates it anew."
          action={deleteMonitorAction}
          formLabel={`Delete ${monitor.name}`}
          fields={{ projectSlug: monitor.projectSlug, monitorSlug: monitor.slug }}
          submitLabel="Delete monitor"
        />
      </div>
    </>
  );
}
