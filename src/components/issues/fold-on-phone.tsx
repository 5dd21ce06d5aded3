"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * A side card's body (tag distribution, comments, activity…) folded on a phone (below `md`), where the side
 * column comes after the whole event: the card's title stays, with a Show button beside it. From `md` up the
 * body is always shown and the button is not displayed.
 */
export function FoldOnPhone({ title, label, children }: { title: ReactNode; label: string; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div className="flex items-baseline justify-between gap-2">
        {title}
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={id}
          aria-label={`${isOpen ? "Hide" : "Show"} ${label}`}
          onClick={() => setIsOpen((previous) => !previous)}
          className="shrink-0 rounded-md border border-border px-2 py-0.5 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none md:hidden"
        >
          {isOpen ? "Hide" : "Show"}
        </button>
      </div>
      <div id={id} className={isOpen ? undefined : "max-md:hidden"}>
        {children}
      </div>
    </>
  );
}
