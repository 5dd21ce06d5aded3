"use client";

import { Star } from "lucide-react";
import { useOptimistic } from "react";
import { cn } from "@/lib/cn";
import { setIssueBookmarkAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/ownership/actions";
import { InlineActionOutcome, useInlineAction } from "./use-inline-action";

/** A star that bookmarks the issue for the viewer (a toggle button: aria-pressed); `bookmarks:me` lists them. */
export function BookmarkToggle({ issueId, isBookmarked }: { issueId: number; isBookmarked: boolean }) {
  const [shown, setShown] = useOptimistic(isBookmarked);
  const { state, isPending, run } = useInlineAction(setIssueBookmarkAction);
  function toggle(): void {
    const next = !shown;
    run({ issueId: String(issueId), bookmarked: String(next) }, () => setShown(next));
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
      <InlineActionOutcome state={state} />
    </span>
  );
}
