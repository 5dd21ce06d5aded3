"use client";

import { Star } from "lucide-react";
import { useOptimistic, useState, useTransition } from "react";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";
import { setIssueBookmarkAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/ownership/actions";

/** A star that bookmarks the issue for the viewer (a toggle button: aria-pressed); `bookmarks:me` lists them. */
export function BookmarkToggle({ issueId, isBookmarked }: { issueId: number; isBookmarked: boolean }) {
  const [shown, setShown] = useOptimistic(isBookmarked);
  const [state, setState] = useState<ActionState>({});
  const [isPending, startTransition] = useTransition();
  function toggle(): void {
    const next = !shown;
    const form = new FormData();
    form.set("issueId", String(issueId));
    form.set("bookmarked", String(next));
    startTransition(async () => {
      setShown(next);
      setState(await setIssueBookmarkAction({}, form));
    });
  }
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        aria-pressed={shown}
        aria-label="Bookmark"
        onClick={toggle}
        disabled={isPending}
        className="inline-flex h-8 w-8 items-center justify-center rounded-md border border-border hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Star aria-hidden className={cn("h-4 w-4", shown ? "fill-amber-400 text-amber-500" : "text-muted-foreground")} />
      </button>
      {state.error ? (
        <span role="alert" className="text-sm text-danger">
          {state.error}
        </span>
      ) : null}
      {state.message ? (
        <span role="status" className="sr-only">
          {state.message}
        </span>
      ) : null}
    </span>
  );
}
