"use client";

import { useState, type ReactNode } from "react";

interface EventSectionProps {
  title: string;
  /** A few words of what it holds ("4", "Order, Operating system…"), beside the title while folded on a phone. */
  summary?: string;
  /**
   * Folded on a phone (below `md`) until its title is pressed, so the page leads with the error instead of
   * scrolling through every section; from `md` up the section is always open and its title plain text.
   */
  foldsOnPhone?: boolean;
  children: ReactNode;
}

/** One section of the event (Exception, Breadcrumbs, Contexts…), a region named by its title. */
export function EventSection({ title, summary, foldsOnPhone = false, children }: EventSectionProps) {
  const [isOpen, setIsOpen] = useState(false);
  if (!foldsOnPhone) {
    return (
      <section className="mt-4 min-w-0" aria-label={title}>
        <h3 className="mb-2 text-sm font-semibold">{title}</h3>
        {children}
      </section>
    );
  }
  return (
    <section className="mt-4 min-w-0" aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold">
        {/* Only one of the two is displayed at a width, so the heading's name is the title either way. */}
        <button
          type="button"
          aria-expanded={isOpen}
          onClick={() => setIsOpen((previous) => !previous)}
          className="flex w-full items-baseline gap-2 rounded text-left focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:hidden"
        >
          <span aria-hidden className={isOpen ? "inline-block rotate-90 text-muted-foreground" : "inline-block text-muted-foreground"}>
            ›
          </span>
          {title}
          {summary && !isOpen ? <span className="min-w-0 truncate text-xs font-normal text-muted-foreground">{summary}</span> : null}
        </button>
        <span className="max-md:hidden">{title}</span>
      </h3>
      <div className={isOpen ? undefined : "max-md:hidden"}>{children}</div>
    </section>
  );
}
