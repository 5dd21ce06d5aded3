"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { StatusBadge, SubstatusBadge } from "../issue-badges";
import { useIssueList, type PendingChange } from "./issue-list-state";

/** A row: focusable for j/k, dimmed while a bulk change is on its way, hidden at once when deleted. */
export function IssueRowFrame({ id, href, children }: { id: number; href: string; children: ReactNode }) {
  const { focusedId, setFocusedId, pending, selected } = useIssueList();
  const change = pending[id];
  return (
    <tr
      data-issue-id={id}
      data-href={href}
      tabIndex={-1}
      hidden={change === "deleted"}
      data-selected={selected.has(id) || undefined}
      data-focused={focusedId === id || undefined}
      onFocus={() => setFocusedId(id)}
      className={cn(
        "align-top outline-none hover:bg-muted/50 data-selected:bg-primary/5",
        "data-focused:shadow-[inset_3px_0_0_var(--ring)] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        change && "opacity-60",
      )}
    >
      {children}
    </tr>
  );
}

export function IssueRowCheckbox({ id, title }: { id: number; title: string }) {
  const { formId, selected, toggle } = useIssueList();
  return (
    <input
      type="checkbox"
      form={formId}
      name="issue"
      value={id}
      checked={selected.has(id)}
      onChange={(event) => toggle(id, event.currentTarget.checked)}
      aria-label={`Select ${title}`}
      className="mt-1 h-4 w-4"
    />
  );
}

export function SelectAllCheckbox() {
  const { ids, selected, setAll } = useIssueList();
  const isAll = ids.length > 0 && selected.size === ids.length;
  return (
    <input
      type="checkbox"
      checked={isAll}
      ref={(input) => {
        if (input) input.indeterminate = selected.size > 0 && !isAll;
      }}
      onChange={(event) => setAll(event.currentTarget.checked)}
      aria-label="Select all issues on this page"
      className="h-4 w-4"
    />
  );
}

const pendingLabels: Record<PendingChange, string> = { resolved: "resolved", ignored: "ignored", merged: "merged", deleted: "deleted" };

/** The status badge: the unresolved substatus (New, Regressed…) or the status, or the change being saved. */
export function IssueRowStatus({ id, status, substatus }: { id: number; status: string; substatus: string | null }) {
  const change = useIssueList().pending[id];
  if (change) return <StatusBadge status={pendingLabels[change]} />;
  return status === "unresolved" ? <SubstatusBadge substatus={substatus} /> : <StatusBadge status={status} />;
}
