"use client";

import { ChevronDown } from "lucide-react";
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { setIssuePriorityAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/ownership/actions";
import { PriorityBadge } from "./priority-badge";
import { InlineActionOutcome, useInlineAction } from "./use-inline-action";

const priorities = [
  ["high", "High"],
  ["medium", "Medium"],
  ["low", "Low"],
] as const;

/**
 * The issue's priority as a small dropdown (Radix menu: arrow keys, Enter, Escape): the badge is the
 * button; choosing another priority changes it by hand and the activity records it.
 */
export function PriorityControl({ issueId, priority }: { issueId: number; priority: string }) {
  const { state, isPending, run } = useInlineAction(setIssuePriorityAction);
  function choose(next: string): void {
    if (next !== priority) run({ issueId: String(issueId), priority: next });
  }
  return (
    <span className="inline-flex items-center gap-2" aria-busy={isPending}>
      <DropdownMenu>
        <DropdownMenuTrigger
          aria-label={`Priority: ${priority}. Change the priority`}
          className="inline-flex items-center gap-1 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-60"
          disabled={isPending}
        >
          <PriorityBadge priority={priority} />
          <ChevronDown aria-hidden className="h-3.5 w-3.5 text-muted-foreground" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuLabel>Priority</DropdownMenuLabel>
          {priorities.map(([value, label]) => (
            <DropdownMenuCheckboxItem key={value} checked={value === priority} onSelect={() => choose(value)}>
              {label}
            </DropdownMenuCheckboxItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <InlineActionOutcome state={state} />
    </span>
  );
}
