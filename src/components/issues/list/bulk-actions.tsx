"use client";

import { useSyncExternalStore, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input, Select } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";

interface BulkActionsProps {
  formId: string;
  action: (formData: FormData) => void;
  state: ActionState;
  isPending: boolean;
  selectedCount: number;
  /** With no rows only the last change's confirmation or error shows. */
  hasIssues: boolean;
}

const subscribeToNothing = () => () => {};
const menuClass = "absolute left-0 z-20 mt-1 flex w-80 flex-col gap-2 rounded-md border border-border bg-card p-3 text-sm shadow-lg";
const summaryClass = "inline-flex h-8 cursor-pointer list-none items-center rounded-md border border-border bg-card px-3 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden";

/**
 * The bulk form above the table. The rows' checkboxes belong to it through their `form` attribute; each
 * button submits its `intent`. Ignore and delete open a small panel (a <details>) for their options.
 */
export function BulkActions({ formId, action, state, isPending, selectedCount, hasIssues }: BulkActionsProps) {
  return (
    <form
      id={formId}
      action={action}
      aria-label="Selected issues"
      aria-busy={isPending}
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => event.currentTarget.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"))}
    >
      {hasIssues ? <Controls formId={formId} selectedCount={selectedCount} /> : null}
      {state.error ? (
        <p role="alert" className="basis-full text-sm text-danger">
          {state.error}
        </p>
      ) : null}
      {state.message ? (
        <p role="status" className="basis-full text-sm text-muted-foreground">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}

/** The buttons and the ignore / delete panels. */
function Controls({ formId, selectedCount }: { formId: string; selectedCount: number }) {
  const isEmpty = selectedCount === 0;
  // The shortcuts work once the page is interactive; say so only then.
  const isHydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const issues = selectedCount === 1 ? "1 issue" : `${selectedCount} issues`;
  return (
    <>
      <span className="min-w-24 text-xs text-muted-foreground" aria-live="polite">
        {isEmpty ? "No issue selected" : `${issues} selected`}
      </span>
      <Intent value="resolve">
        Resolve
      </Intent>
      <Intent value="resolve_next_release">
        Resolve in next release
      </Intent>
      <Menu label="Ignore">
        <Intent value="ignore_forever" className="justify-start">
          Ignore forever
        </Intent>
        <div className="flex items-center gap-2">
          <label htmlFor={`${formId}-count`} className="text-xs text-muted-foreground">
            N =
          </label>
          <Input id={`${formId}-count`} name="count" type="number" min={1} defaultValue={10} className="h-8 w-24" />
        </div>
        <Intent value="ignore_count" className="justify-start">
          Until N more events
        </Intent>
        <Intent value="ignore_users" className="justify-start">
          Until N more users
        </Intent>
        <div className="flex items-center gap-2">
          <Select name="minutes" aria-label="Ignore for" defaultValue={String(ignoreDurations[2]?.minutes ?? 60)} className="h-8 w-32">
            {ignoreDurations.map((duration) => (
              <option key={duration.minutes} value={duration.minutes}>
                {duration.label}
              </option>
            ))}
          </Select>
          <Intent value="ignore_duration">
            Ignore for this long
          </Intent>
        </div>
      </Menu>
      <Intent value="merge">
        Merge
      </Intent>
      <Menu label="Delete">
        <p>{isEmpty ? "Select the issues to delete first." : `Delete ${issues} with all their events? This cannot be undone.`}</p>
        <Button type="submit" name="intent" value="delete" variant="danger" size="sm">
          Delete {issues}
        </Button>
      </Menu>
      {isHydrated ? (
        <p className="ml-auto text-xs text-muted-foreground pointer-coarse:hidden">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> select · <kbd>o</kbd> open · <kbd>/</kbd> search
        </p>
      ) : null}
    </>
  );
}

function Intent({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  return (
    <Button type="submit" name="intent" value={value} variant="secondary" size="sm" className={className}>
      {children}
    </Button>
  );
}

function Menu({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="relative">
      <summary className={summaryClass}>
        {label}…
      </summary>
      <div className={menuClass}>{children}</div>
    </details>
  );
}
