import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/shell/page-header";
import { UptimeStatus } from "@/components/uptime/uptime-status";
import { Card } from "@/components/ui/card";
import { formatTimestamp } from "@/lib/format-time";
import { formatUptime } from "@/lib/views/uptime";
import { getPublicContext } from "@/server/app-context";
import { getPublicStatusPage } from "@/server/status-page/get-public-status-page";

interface StatusPageProps {
  params: Promise<{ projectSlug: string }>;
}

export const metadata: Metadata = { title: "Status", referrer: "no-referrer" };

/**
 * A project's public status page, without sign-in: only when the project turned it on (else the same 404 as
 * any unknown page), only the monitors marked for it, by name.
 */
export default async function StatusPage({ params }: StatusPageProps) {
  const { projectSlug } = await params;
  const { db } = await getPublicContext();
  const page = await getPublicStatusPage(db, projectSlug);
  if (!page) notFound();
  const isAllUp = page.monitors.every((monitor) => monitor.uptimeStatus === "ok");
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title={page.title} description={page.monitors.length === 0 ? "Nothing is shown here yet." : isAllUp ? "All systems operational." : "Some systems are down."} />
      <ul aria-label="Monitors" className="space-y-4">
        {page.monitors.map((monitor) => (
          <li key={monitor.name}>
            <Card className="space-y-2">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-base font-semibold wrap-break-word">{monitor.name}</h2>
                <UptimeStatus uptimeStatus={monitor.uptimeStatus} />
              </div>
              <p className="text-sm text-muted-foreground">Uptime over 90 days: {formatUptime(monitor.uptime90d)}</p>
              {monitor.incidents.length === 0 ? (
                <p className="text-sm text-muted-foreground">No incidents in the last 90 days.</p>
              ) : (
                <ul aria-label={`Incidents of ${monitor.name}`} className="space-y-1 text-sm">
                  {monitor.incidents.map((incident) => (
                    <li key={incident.startedAt}>
                      {incident.resolvedAt === null ? `Down since ${formatTimestamp(incident.startedAt)}` : `Down from ${formatTimestamp(incident.startedAt)} to ${formatTimestamp(incident.resolvedAt)}`}
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
