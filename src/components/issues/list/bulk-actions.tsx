"use client";

import { useState, useSyncExternalStore, type ReactNode } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input, Select } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
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

type Panel = "ignore" | "delete" | null;

/**
 * The bulk form above the table. The rows' checkboxes belong to it through their `form` attribute; each
 * button submits its `intent`. Ignore opens a popover with its options and Delete asks in an alert dialog;
 * both render in a portal, so their fields and buttons join the form by its id too, and close on submit.
 */
export function BulkActions({ formId, action, state, isPending, selectedCount, hasIssues }: BulkActionsProps) {
  const [panel, setPanel] = useState<Panel>(null);
  return (
    <form id={formId} action={action} aria-label="Selected issues" aria-busy={isPending} className="flex flex-wrap items-center gap-2" onSubmit={() => setPanel(null)}>
      {hasIssues ? <Controls formId={formId} selectedCount={selectedCount} panel={panel} setPanel={setPanel} /> : null}
      <ActionMessages state={state} className="basis-full" />
    </form>
  );
}

/** The buttons, the Ignore popover and the Delete confirmation. */
function Controls({ formId, selectedCount, panel, setPanel }: { formId: string; selectedCount: number; panel: Panel; setPanel: (panel: Panel) => void }) {
  const isEmpty = selectedCount === 0;
  // The shortcuts work once the page is interactive; say so only then.
  const isHydrated = useSyncExternalStore(subscribeToNothing, () => true, () => false);
  const issues = selectedCount === 1 ? "1 issue" : `${selectedCount} issues`;
  const openWhen = (which: Exclude<Panel, null>) => (isOpen: boolean) => setPanel(isOpen ? which : null);
  return (
    <>
      <span className="min-w-24 text-xs text-muted-foreground" aria-live="polite">
        {isEmpty ? "No issue selected" : `${issues} selected`}
      </span>
      <Intent form={formId} value="resolve">
        Resolve
      </Intent>
      <Intent form={formId} value="resolve_next_release">
        Resolve in next release
      </Intent>
      <Popover open={panel === "ignore"} onOpenChange={openWhen("ignore")}>
        <PopoverTrigger asChild>
          <Button type="button" variant="secondary" size="sm">
            Ignore…
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Ignore the selected issues" className="flex w-80 flex-col gap-2">
          <Intent form={formId} value="ignore_forever" className="justify-start">
            Ignore forever
          </Intent>
          <div className="flex items-center gap-2">
            <label htmlFor={`${formId}-count`} className="text-xs text-muted-foreground">
              N =
            </label>
            <Input id={`${formId}-count`} form={formId} name="count" type="number" min={1} defaultValue={10} className="h-8 w-24" />
          </div>
          <Intent form={formId} value="ignore_count" className="justify-start">
            Until N more events
          </Intent>
          <Intent form={formId} value="ignore_users" className="justify-start">
            Until N more users
          </Intent>
          <div className="flex items-center gap-2">
            <Select form={formId} name="minutes" aria-label="Ignore for" defaultValue={String(ignoreDurations[2]?.minutes ?? 60)} className="h-8 w-32">
              {ignoreDurations.map((duration) => (
                <option key={duration.minutes} value={duration.minutes}>
                  {duration.label}
                </option>
              ))}
            </Select>
            <Intent form={formId} value="ignore_duration">
              Ignore for this long
            </Intent>
          </div>
        </PopoverContent>
      </Popover>
      <Intent form={formId} value="merge">
        Merge
      </Intent>
      <Dialog open={panel === "delete"} onOpenChange={openWhen("delete")}>
        <DialogTrigger asChild>
          <Button type="button" variant="secondary" size="sm">
            Delete…
          </Button>
        </DialogTrigger>
        <DialogContent role="alertdialog">
          <DialogTitle>{isEmpty ? "Delete which issues?" : `Delete ${issues}?`}</DialogTitle>
          <DialogDescription>{isEmpty ? "Select the issues to delete first." : `${selectedCount === 1 ? "It goes" : "They go"} with all their events. This cannot be undone.`}</DialogDescription>
          <DialogFooter>
            <DialogCancel />
            <Button type="submit" form={formId} name="intent" value="delete" variant="danger" size="sm" disabled={isEmpty}>
              Delete {issues}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {isHydrated ? (
        <p className="ml-auto text-xs text-muted-foreground pointer-coarse:hidden">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> select · <kbd>o</kbd> open · <kbd>/</kbd> search
        </p>
      ) : null}
    </>
  );
}

function Intent({ form, value, className, children }: { form: string; value: string; className?: string; children: ReactNode }) {
  return (
    <Button type="submit" form={form} name="intent" value={value} variant="secondary" size="sm" className={className}>
      {children}
    </Button>
  );
}
