import Link from "next/link";
import { DataTable } from "@/components/ui/data-table";
import { LongValueText } from "@/components/ui/long-value-text";
import type { MonitorCheckInView } from "@/lib/views/monitors";
import { CheckInStatusLabel } from "./check-in-status";
import { formatDuration } from "./check-in-timeline";
import { RelativeTime } from "./relative-time";

/** The recent check-ins, newest first: status, environment, when, how long, the expected time and the issue it counted on. */
export function CheckInTable({ checkIns, now }: { checkIns: MonitorCheckInView[]; now: number }) {
  return (
    <DataTable label="Recent check-ins" columns={[{ label: "Status" }, { label: "Environment" }, { label: "Received" }, { label: "Duration" }, { label: "Expected" }, { label: "Issue" }]}>
      {checkIns.map((checkIn) => (
        <tr key={checkIn.id}>
          <td className="px-3 py-2">
            <CheckInStatusLabel status={checkIn.status} />
          </td>
          <td className="px-3 py-2">
            <LongValueText value={checkIn.environment} />
          </td>
          <td className="px-3 py-2">
            <RelativeTime time={checkIn.dateAdded} now={now} />
          </td>
          <td className="px-3 py-2 whitespace-nowrap">{checkIn.durationMs === null ? <span className="text-muted-foreground">—</span> : formatDuration(checkIn.durationMs)}</td>
          <td className="px-3 py-2">
            <RelativeTime time={checkIn.expectedTime} now={now} />
          </td>
          <td className="px-3 py-2">
            {checkIn.issueId === null ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              <Link href={`/issues/${checkIn.issueId}`} prefetch={false} className="hover:underline">
                #{checkIn.issueId}
              </Link>
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
