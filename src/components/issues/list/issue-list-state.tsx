"use client";

import { createContext, useActionState, useCallback, useContext, useId, useMemo, useOptimistic, useRef, useState, type ReactNode } from "react";
import type { ActionState } from "@/lib/action-state";
import { BulkActions } from "./bulk-actions";
import { useIssueListKeys } from "./use-issue-list-keys";

/** What a bulk change shows on its rows before the server has answered. */
export type PendingChange = "resolved" | "ignored" | "merged" | "deleted";

const pendingByIntent: Record<string, PendingChange> = {
  resolve: "resolved",
  resolve_next_release: "resolved",
  ignore_forever: "ignored",
  ignore_count: "ignored",
  ignore_users: "ignored",
  ignore_duration: "ignored",
  merge: "merged",
  delete: "deleted",
};

interface IssueListState {
  formId: string;
  ids: number[];
  selected: ReadonlySet<number>;
  toggle: (id: number, isSelected?: boolean) => void;
  setAll: (isSelected: boolean) => void;
  focusedId: number | null;
  setFocusedId: (id: number) => void;
  pending: Readonly<Record<number, PendingChange>>;
}

const IssueListContext = createContext<IssueListState | null>(null);

export function useIssueList(): IssueListState {
  const state = useContext(IssueListContext);
  if (!state) throw new Error("useIssueList outside IssueListView");
  return state;
}

interface IssueListViewProps {
  ids: number[];
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  children: ReactNode;
}

/**
 * The interactive frame of the issue table (rows are rendered on the server and passed in): selection,
 * the keyboard (j/k/x/o, / for search), and the bulk form, whose changes show on their rows at once
 * (useOptimistic) until the refreshed list arrives.
 */
export function IssueListView({ ids, action, children }: IssueListViewProps) {
  const formId = useId();
  const container = useRef<HTMLDivElement>(null);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [pending, addPending] = useOptimistic<Readonly<Record<number, PendingChange>>, { ids: number[]; change: PendingChange }>({}, (current, { ids: changed, change }) => ({
    ...current,
    ...Object.fromEntries(changed.map((id) => [id, change])),
  }));
  // Rows that left the list (resolved out of "is:unresolved", deleted) are no longer selected.
  const selected = useMemo(() => new Set(ids.filter((id) => selectedIds.has(id))), [ids, selectedIds]);

  const [state, formAction, isPending] = useActionState(async (previous: ActionState, formData: FormData) => {
    const change = pendingByIntent[String(formData.get("intent"))];
    const changed = formData.getAll("issue").map(Number);
    if (change) addPending({ ids: changed, change });
    const result = await action(previous, formData);
    if (!result.error) setSelectedIds(new Set());
    return result;
  }, {});

  const toggle = useCallback((id: number, isSelected?: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (isSelected ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setAll = useCallback((isSelected: boolean) => setSelectedIds(isSelected ? new Set(ids) : new Set()), [ids]);
  useIssueListKeys(container, { focusedId, setFocusedId, toggle });

  const value = useMemo(() => ({ formId, ids, selected, toggle, setAll, focusedId, setFocusedId, pending }), [formId, ids, selected, toggle, setAll, focusedId, pending]);
  return (
    <IssueListContext.Provider value={value}>
      <div ref={container} className="flex flex-col gap-3">
        {/* On a phone the bulk buttons show once an issue is selected (or to say what the last change did), so
            the first issues fit the first screen; the form stays in the page for the rows' checkboxes. */}
        <div className={selected.size > 0 || state.error || state.message ? undefined : "hidden md:block"}>
          <BulkActions formId={formId} action={formAction} state={state} isPending={isPending} selectedCount={selected.size} hasIssues={ids.length > 0} />
        </div>
        {children}
      </div>
    </IssueListContext.Provider>
  );
}
