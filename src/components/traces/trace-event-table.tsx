import Link from "next/link";
import { LevelBadge } from "@/components/issues/issue-badges";
import { RelativeTime } from "@/components/issues/relative-time";
import type { TraceEventMatch } from "@/server/events/find-events-by-trace";

/** The error events of one trace as a table, newest first: each event's issue (linking to the event), project and time. */
export function TraceEventTable({ events }: { events: TraceEventMatch[] }) {
  return (
    <div tabIndex={0} role="region" aria-label="Events of this trace, scrollable" className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      <table className="w-full text-sm" aria-label="Events of this trace">
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Issue
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Project
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {events.map((event) => (
            <tr key={`${event.projectSlug}/${event.eventId}`} className="align-top hover:bg-muted/50">
              <td className="min-w-48 px-3 py-2">
                <Link href={event.path} prefetch={false} className="font-medium break-words hover:underline">
                  {event.issueTitle}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <LevelBadge level={event.level} />
                  <span className="font-mono break-all">{event.eventId}</span>
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
        </tbody>
      </table>
    </div>
  );
}
