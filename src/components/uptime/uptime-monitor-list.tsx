import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import { formatRelativeTime, formatTimestamp } from "@/lib/format-time";
import { describeInterval, formatUptime, uptimeReasonWords, type UptimeMonitorListItem } from "@/lib/views/uptime";
import { UptimeStatus } from "./uptime-status";

const columns = [{ label: "Monitor" }, { label: "Status" }, { label: "Interval" }, { label: "Last check" }, { label: "Uptime 24 h", className: "text-right" }];

/** The project's monitors: name and URL (as text), up or down, how often, the last check and uptime over a day. */
export function UptimeMonitorList({ projectSlug, monitors, now }: { projectSlug: string; monitors: UptimeMonitorListItem[]; now: number }) {
  return (
    <DataTable label="Uptime monitors" columns={columns}>
      {monitors.map((monitor) => (
        <tr key={monitor.id}>
          <td className="max-w-md px-3 py-2">
            <Link href={`/projects/${encodeURIComponent(projectSlug)}/uptime/${monitor.id}`} prefetch={false} className="font-medium wrap-break-word hover:underline">
              {monitor.name}
            </Link>
            <div className="font-mono text-xs wrap-break-word text-muted-foreground">
              <IdentifierText value={monitor.url} />
            </div>
          </td>
          <td className="px-3 py-2">
            <UptimeStatus uptimeStatus={monitor.uptimeStatus} isDisabled={monitor.status === "disabled"} />
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{describeInterval(monitor.intervalSeconds)}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {monitor.lastCheck ? (
              <span title={formatTimestamp(monitor.lastCheck.checkedAt)}>
                {formatRelativeTime(monitor.lastCheck.checkedAt, now)}: {monitor.lastCheck.status === "success" ? `${monitor.lastCheck.httpStatus ?? ""} in ${monitor.lastCheck.durationMs} ms` : monitor.lastCheck.reason ? uptimeReasonWords[monitor.lastCheck.reason] : "failed"}
              </span>
            ) : (
              <span className="text-muted-foreground">not yet</span>
            )}
          </td>
          <td className="px-3 py-2 text-right tabular-nums">{formatUptime(monitor.uptime24h)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
