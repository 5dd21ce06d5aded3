import Link from "next/link";
import { LevelBadge } from "@/components/issues/issue-badges";
import { RelativeTime } from "@/components/issues/relative-time";
import type { TraceEventMatch } from "@/lib/views/events";
import { DataTable } from "@/components/ui/data-table";

/** The error events of one trace as a table, newest first: each event's issue (linking to the event), project and time. */
export function TraceEventTable({ events }: { events: TraceEventMatch[] }) {
  return (
    <DataTable label="Events of this trace" columns={[{ label: "Issue" }, { label: "Project" }, { label: "Time" }]}>
      {events.map((event) => (
        <tr key={`${event.projectSlug}/${event.eventId}`} className="align-top hover:bg-muted/50">
          <td className="min-w-48 px-3 py-2">
            <Link href={event.path} prefetch={false} className="font-medium break-words hover:underline">
              {event.issueTitle}
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <LevelBadge level={event.level} />
              <span className="font-mono wrap-break-word">{event.eventId}</span>
            </div>
          </td>
          <td className="px-3 py-2 text-xs">
            <Link href={`/projects/${encodeURIComponent(event.projectSlug)}`} prefetch={false} className="hover:underline">
              {event.projectName}
            </Link>
          </td>
          <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
            <RelativeTime time={event.timestamp} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
