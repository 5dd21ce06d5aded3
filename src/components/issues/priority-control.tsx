"use client";

import { ChevronDown } from "lucide-react";
import { useState, useTransition } from "react";
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { ActionState } from "@/lib/action-state";
import { setIssuePriorityAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/ownership/actions";
import { PriorityBadge } from "./priority-badge";

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
  const [state, setState] = useState<ActionState>({});
  const [isPending, startTransition] = useTransition();
  function choose(next: string): void {
    if (next === priority) return;
    const form = new FormData();
    form.set("issueId", String(issueId));
    form.set("priority", next);
    startTransition(async () => setState(await setIssuePriorityAction({}, form)));
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
