import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import { LongValueText } from "@/components/ui/long-value-text";
import type { MonitorView } from "@/lib/views/monitors";
import { EnvironmentStatusLabel } from "./check-in-status";
import { RelativeTime } from "./relative-time";

export const monitorPath = (monitor: Pick<MonitorView, "projectSlug" | "slug">) => `/projects/${encodeURIComponent(monitor.projectSlug)}/crons/${encodeURIComponent(monitor.slug)}`;

/**
 * Each monitor with its schedule and, per environment, its state, last check-in and next expected one. A
 * monitor without check-ins has one row saying it waits for the first.
 */
export function MonitorList({ monitors, showProject, now }: { monitors: MonitorView[]; showProject: boolean; now: number }) {
  const columns = [{ label: "Monitor" }, ...(showProject ? [{ label: "Project" }] : []), { label: "Schedule" }, { label: "Environment" }, { label: "Status" }, { label: "Last check-in" }, { label: "Next expected" }];
  return (
    <DataTable label="Cron monitors" columns={columns}>
      {monitors.flatMap((monitor) => {
        const environments = monitor.environments.length > 0 ? monitor.environments : [null];
        return environments.map((environment, index) => (
          <tr key={`${monitor.id}-${environment?.id ?? "none"}`} className={index > 0 ? "border-t-0" : undefined}>
            <td className="px-3 py-2 align-top">
              {index === 0 ? (
                <Link href={monitorPath(monitor)} prefetch={false} className="font-medium break-words hover:underline">
                  <LongValueText value={monitor.name} />
                </Link>
              ) : null}
              {index === 0 ? (
                <div className="font-mono text-xs text-muted-foreground">
                  <LongValueText value={monitor.slug} />
                </div>
              ) : null}
            </td>
            {showProject ? <td className="px-3 py-2 align-top">{index === 0 ? <IdentifierText value={monitor.projectSlug} /> : null}</td> : null}
            <td className="px-3 py-2 align-top font-mono text-xs">{index === 0 ? <IdentifierText value={monitor.scheduleText} /> : null}</td>
            <td className="px-3 py-2 align-top">{environment ? <LongValueText value={environment.name} /> : <span className="text-muted-foreground">—</span>}</td>
            <td className="px-3 py-2 align-top">
              <EnvironmentStatusLabel status={environment?.status ?? "active"} isMuted={environment?.isMuted ?? monitor.isMuted} isDisabled={monitor.status === "disabled"} />
            </td>
            <td className="px-3 py-2 align-top">
              <RelativeTime time={environment?.lastCheckInAt ?? null} now={now} none="Never" />
            </td>
            <td className="px-3 py-2 align-top">
              <RelativeTime time={monitor.status === "disabled" ? null : (environment?.nextCheckInAt ?? null)} now={now} none={monitor.status === "disabled" ? "—" : "After the first check-in"} />
            </td>
          </tr>
        ));
      })}
    </DataTable>
  );
}
