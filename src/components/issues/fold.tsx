"use client";

import { useId, useState, type ReactNode } from "react";

/**
 * A long part of the event (modules, debug images, threads…) folded until asked for, as Sentry folds them:
 * one button says what it holds and opens it. Folded content stays in the document (hidden), so the
 * page's find and copy still see it.
 */
export function Fold({ showLabel, hideLabel, children }: { showLabel: string; hideLabel: string; children: ReactNode }) {
  const [isOpen, setIsOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((previous) => !previous)}
        className="inline-flex items-center gap-1 rounded-md border border-border px-2.5 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span aria-hidden className={isOpen ? "inline-block rotate-90" : "inline-block"}>
          ›
        </span>
        {isOpen ? hideLabel : showLabel}
      </button>
      <div id={id} hidden={!isOpen} className="mt-2">
        {children}
      </div>
    </div>
  );
}
