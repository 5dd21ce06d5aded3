"use client";

import { Check, Layers, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";

export interface EnvironmentPickerProps {
  /** The environment this person picked (null: all), remembered on their account. */
  picked: string | null;
  /** The environments of the projects they see. */
  environments: string[];
  pick: (environment: string | null) => Promise<ActionState>;
}

/**
 * The header's environment filter: one menu to pick, one button to clear. The choice is saved on the account
 * (so every browser and the next sign-in show it), then the page renders again scoped to it.
 */
export function EnvironmentPicker({ picked, environments, pick }: EnvironmentPickerProps) {
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const choices = picked && !environments.includes(picked) ? [picked, ...environments] : environments;
  const choose = (environment: string | null) =>
    startTransition(async () => {
      const answer = await pick(environment);
      setError(answer.error ?? null);
      router.refresh();
    });
  return (
    <div className="flex min-w-0 items-center" aria-busy={isPending}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant={picked ? "secondary" : "ghost"}
            size="sm"
            className={cn("min-w-0 max-w-48 px-2", picked && "border-primary text-foreground", picked && "rounded-r-none")}
          >
            <Layers aria-hidden className="h-4 w-4 shrink-0" />
            <span className="sr-only">Environment: </span>
            {/* data-whole-value: cut short on a narrow header; the title and the menu this button opens hold the whole name. */}
            <span data-whole-value="" title={picked ?? "All environments"} className={cn("truncate", !picked && "text-muted-foreground")}>
              {picked ?? "All environments"}
            </span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-80 overflow-y-auto">
          <DropdownMenuLabel>Show data of</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => choose(null)}>
            <Check aria-hidden className={cn("h-3.5 w-3.5", picked && "invisible")} />
            All environments
          </DropdownMenuItem>
          {choices.length > 0 ? <DropdownMenuSeparator /> : null}
          {choices.map((environment) => (
            <DropdownMenuItem key={environment} onSelect={() => choose(environment)}>
              <Check aria-hidden className={cn("h-3.5 w-3.5 shrink-0", environment !== picked && "invisible")} />
              <span className="truncate">{environment}</span>
            </DropdownMenuItem>
          ))}
          {choices.length === 0 ? <p className="px-2 py-1.5 text-xs text-muted-foreground">No environment seen yet.</p> : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {picked ? (
        <Button type="button" variant="secondary" size="sm" className="rounded-l-none border-l-0 border-primary px-1.5" aria-label="Clear the environment filter" onClick={() => choose(null)}>
          <X aria-hidden className="h-3.5 w-3.5" />
        </Button>
      ) : null}
      {error ? (
        <p role="alert" className="ml-2 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
