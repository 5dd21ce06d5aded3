import Link from "next/link";
import type { IssueEventListItem } from "@/lib/views/events";
import { LevelBadge } from "./issue-badges";
import { RelativeTime } from "./relative-time";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";

const none = <span className="text-muted-foreground">—</span>;

/** An issue's events as a table, each row linking to the event's permalink under `eventsBase`. */
export function EventListTable({ events, eventsBase }: { events: IssueEventListItem[]; eventsBase: string }) {
  return (
    <DataTable label="Events" columns={[{ label: "Event" }, { label: "Time" }, { label: "Release" }, { label: "Environment" }, { label: "User" }]}>
      {events.map((event) => (
        <tr key={event.id} className="align-top hover:bg-muted/50">
          <td className="min-w-48 px-3 py-2">
            <Link href={`${eventsBase}/${event.eventId}`} prefetch={false} className="font-mono text-xs hover:underline">
              {event.eventId}
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <LevelBadge level={event.level} />
              <span className="min-w-0 break-words">{event.title}</span>
            </div>
          </td>
          <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
            <RelativeTime time={event.timestamp} />
          </td>
          <td className="min-w-40 px-3 py-2 font-mono text-xs wrap-break-word">{event.release ? <IdentifierText value={event.release} /> : none}</td>
          <td className="px-3 py-2 text-xs">{event.environment ?? none}</td>
          <td className="px-3 py-2 font-mono text-xs wrap-break-word">{event.userKey ?? none}</td>
        </tr>
      ))}
    </DataTable>
  );
}
