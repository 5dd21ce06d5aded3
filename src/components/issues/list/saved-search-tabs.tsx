"use client";

import Link from "next/link";
import { useActionState, useId, useState } from "react";
import { X } from "lucide-react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { ActionState } from "@/lib/action-state";
import { cn } from "@/lib/cn";
import type { SavedSearch } from "@/lib/views/issues";

type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

export interface SavedSearchesOfList {
  /** The viewer's own and the shared saved searches of this list (list-saved-searches.ts). */
  list: SavedSearch[];
  /** Owners and admins may share a search with everyone. */
  canShare: boolean;
  saveAction: FormAction;
  deleteAction: FormAction;
}

interface SavedSearchTabsProps extends SavedSearchesOfList {
  /** The list's path. */
  basePath: string;
  /**
   * On the all-projects list, its projects: a search saved there with a project chosen is that project's, and
   * its tab opens with the project chosen again, as Sentry's issue views keep their projects.
   */
  projects?: { id: number; slug: string; name: string }[];
  /** What "Save this search" saves: the list's current query and sort, and its project (null: all projects). */
  current: { query: string; sort: string; projectId: number | null };
}

export const tabClass = (isCurrent: boolean) =>
  cn("shrink-0 border-b-2 md:-mb-px px-3 py-2 text-sm whitespace-nowrap", isCurrent ? "border-primary font-medium" : "border-transparent text-muted-foreground hover:text-foreground");

/** Saved searches as tabs after the list's views (a shared one is deletable by owners and admins), and "Save this search". */
export function SavedSearchTabs({ list, canShare, saveAction, deleteAction, basePath, projects, current }: SavedSearchTabsProps) {
  return (
    <>
      {list.map((saved) => {
        const project = projects && saved.projectId !== null ? projects.find((candidate) => candidate.id === saved.projectId) : undefined;
        const params = new URLSearchParams({ query: saved.query, ...(saved.sort !== "last_seen" ? { sort: saved.sort } : {}), ...(project ? { project: project.slug } : {}) });
        const isCurrent = saved.query === current.query && saved.sort === current.sort && saved.projectId === current.projectId;
        return (
          <span key={saved.id} className="inline-flex shrink-0 items-center">
            <Link href={`${basePath}?${params.toString()}`} prefetch={false} aria-current={isCurrent ? "page" : undefined} className={tabClass(isCurrent)}>
              {saved.name}
              {project ? <span className="text-xs text-muted-foreground"> · {project.name}</span> : null}
              {saved.isShared ? <span className="sr-only"> (shared)</span> : null}
            </Link>
            {saved.isMine || (saved.isShared && canShare) ? <DeleteSavedSearch saved={saved} action={deleteAction} /> : null}
          </span>
        );
      })}
      <SaveSearch current={current} chosenProject={projects?.find((candidate) => candidate.id === current.projectId)?.name} canShare={canShare} action={saveAction} />
    </>
  );
}

function DeleteSavedSearch({ saved, action }: { saved: SavedSearch; action: FormAction }) {
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction, isPending] = useActionState(async (previous: ActionState, formData: FormData) => {
    const next = await action(previous, formData);
    if (next.message) setIsOpen(false);
    return next;
  }, {});
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={`Delete saved search ${saved.name}`}
        className="rounded p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X aria-hidden className="h-3.5 w-3.5" />
      </button>
      <DialogContent>
        <DialogTitle>Delete “{saved.name}”?</DialogTitle>
        <DialogDescription>{saved.isShared ? "It is shared: the tab goes for everyone." : "Only the tab goes; no issue changes."}</DialogDescription>
        <form action={formAction}>
          <input type="hidden" name="savedSearchId" value={saved.id} />
          <ActionMessages state={state} className="mt-3" />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={isPending}>
              Delete
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** `chosenProject`: on the all-projects list, the name of the project chosen there (the search keeps it). */
function SaveSearch({ current, chosenProject, canShare, action }: { current: SavedSearchTabsProps["current"]; chosenProject?: string; canShare: boolean; action: FormAction }) {
  const nameId = useId();
  const sharedId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [state, formAction, isPending] = useActionState(async (previous: ActionState, formData: FormData) => {
    const next = await action(previous, formData);
    if (next.message) setIsOpen(false);
    return next;
  }, {});
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <Button type="button" variant="ghost" size="sm" className="ml-auto self-center" onClick={() => setIsOpen(true)}>
        Save this search
      </Button>
      <DialogContent>
        <DialogTitle>Save this search</DialogTitle>
        <DialogDescription>
          A tab for <code className="font-mono break-words">{current.query || "(every issue)"}</code>
          {current.projectId === null ? " on the list of all projects." : chosenProject ? ` on the list of all projects, with ${chosenProject} chosen.` : " on this project's list."}
        </DialogDescription>
        <form action={formAction} className="mt-4 flex flex-col gap-3">
          <input type="hidden" name="query" value={current.query} />
          <input type="hidden" name="sort" value={current.sort} />
          <input type="hidden" name="projectId" value={current.projectId ?? ""} />
          <div className="flex flex-col gap-1">
            <Label htmlFor={nameId}>Name</Label>
            <Input id={nameId} name="name" required maxLength={60} autoComplete="off" />
          </div>
          {canShare ? (
            <div className="flex items-center gap-2">
              <input id={sharedId} type="checkbox" name="shared" className="h-4 w-4" />
              <Label htmlFor={sharedId}>Share with everyone who sees {current.projectId === null ? "these projects" : "this project"}</Label>
            </div>
          ) : null}
          <ActionMessages state={state} />
          <DialogFooter>
            <Button type="button" variant="secondary" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
