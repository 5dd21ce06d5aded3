import Link from "next/link";
import type { IssueEventListItem } from "@/server/events/list-issue-events";
import { LevelBadge } from "./issue-badges";
import { RelativeTime } from "./relative-time";

const none = <span className="text-muted-foreground">—</span>;

/** An issue's events as a table, each row linking to the event's permalink under `eventsBase`. */
export function EventListTable({ events, eventsBase }: { events: IssueEventListItem[]; eventsBase: string }) {
  return (
    <div tabIndex={0} className="overflow-x-auto rounded-lg border border-border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      <table className="w-full text-sm" aria-label="Events">
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Event
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Time
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Release
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Environment
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              User
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
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
              <td className="px-3 py-2 font-mono text-xs break-all">{event.release ?? none}</td>
              <td className="px-3 py-2 text-xs">{event.environment ?? none}</td>
              <td className="px-3 py-2 font-mono text-xs break-all">{event.userKey ?? none}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
