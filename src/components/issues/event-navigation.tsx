import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight, List } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Tooltip } from "@/components/ui/tooltip";

interface EventNavigationProps {
  /** `/projects/{slug}/issues/{id}/events` */
  eventsBase: string;
  currentEventId: string;
  oldestEventId: string;
  olderEventId: string | null;
  newerEventId: string | null;
  latestEventId: string;
}

function Step({ href, label, children }: { href: string | null; label: string; children: ReactNode }) {
  if (href === null) {
    // Nowhere to go: not focusable, so no tooltip either.
    return (
      <Button asChild variant="secondary" size="sm" className="px-2 sm:px-3">
        <span aria-disabled="true" className="cursor-not-allowed opacity-50">
          {children}
        </span>
      </Button>
    );
  }
  // The tooltip outside: Button's Slot gives its classes to its one child, which must be the link itself.
  return (
    <Tooltip content={label} describes>
      <Button asChild variant="secondary" size="sm" className="px-2 sm:px-3">
        <Link href={href} prefetch={false} scroll={false}>
          {children}
        </Link>
      </Button>
    </Tooltip>
  );
}

/**
 * Stepping through the events in time: Oldest, Older, Newer, Latest (each a permalink), and the
 * list of all events. `e` and `E` (issue-keyboard-shortcuts) follow Older and Newer.
 */
export function EventNavigation({ eventsBase, currentEventId, oldestEventId, olderEventId, newerEventId, latestEventId }: EventNavigationProps) {
  const to = (eventId: string | null) => (eventId === null || eventId === currentEventId ? null : `${eventsBase}/${eventId}`);
  return (
    <nav aria-label="Event navigation" className="flex flex-wrap items-center gap-1.5">
      <Step href={to(oldestEventId)} label="The first stored event">
        <ChevronsLeft aria-hidden className="h-3.5 w-3.5" />
        Oldest
      </Step>
      <Step href={to(olderEventId)} label="The event before this one (e)">
        <ChevronLeft aria-hidden className="h-3.5 w-3.5" />
        Older
      </Step>
      <Step href={to(newerEventId)} label="The event after this one (E)">
        Newer
        <ChevronRight aria-hidden className="h-3.5 w-3.5" />
      </Step>
      <Step href={to(latestEventId)} label="The newest event">
        Latest
        <ChevronsRight aria-hidden className="h-3.5 w-3.5" />
      </Step>
      <Button asChild variant="ghost" size="sm">
        <Link href={`${eventsBase}/list`} prefetch={false}>
          <List aria-hidden className="h-3.5 w-3.5" />
          All events
        </Link>
      </Button>
    </nav>
  );
}
