"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { SlidersHorizontal, X } from "lucide-react";
import { useState, type ReactNode } from "react";

interface IssueFilterSheetProps {
  /** The query in force, shown on the button so a phone still says what the list is filtered by. */
  query: string;
  /** Keep the filters on the page on every screen: a query error must be seen where the query is. */
  isInline: boolean;
  children: ReactNode;
}

/**
 * The issue list's filters (project, search, sort) above the table from `md` up; on a phone they collapse
 * behind a "Filters" button into a bottom sheet (Radix Dialog: focus kept inside, Escape closes), so the
 * first issues show on the first screen. The filters are mounted in one place at a time — the page or
 * the open sheet — so their ids and form stay unique; the search it sends closes it when the new list arrives.
 */
export function IssueFilterSheet({ query, isInline, children }: IssueFilterSheetProps) {
  // Open for the query it was opened on: once a search from the sheet brings the new query, it closes.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const isOpen = openFor === query;
  if (isInline) return <>{children}</>;
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={(open) => setOpenFor(open ? query : null)}>
      <DialogPrimitive.Trigger className="mb-3 flex h-9 w-full min-w-0 items-center gap-2 rounded-md border border-border bg-card px-3 text-sm hover:bg-muted md:hidden">
        <SlidersHorizontal aria-hidden className="h-4 w-4 shrink-0" />
        <span className="font-medium">Filters</span>
        {query ? <span className="min-w-0 truncate font-mono text-xs text-muted-foreground">{query}</span> : null}
      </DialogPrimitive.Trigger>
      {isOpen ? null : <div className="hidden md:block">{children}</div>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 md:hidden" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 max-h-[85dvh] overflow-y-auto rounded-t-xl border-t border-border bg-card p-4 pb-6 text-foreground shadow-lg outline-none md:hidden"
        >
          <div className="mb-3 flex items-center justify-between gap-2">
            <DialogPrimitive.Title className="text-base font-semibold">Filters</DialogPrimitive.Title>
            <DialogPrimitive.Close className="rounded p-1 text-muted-foreground hover:bg-muted" aria-label="Close filters">
              <X aria-hidden className="h-4 w-4" />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
