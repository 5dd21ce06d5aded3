"use client";

import { ChevronDown, Ellipsis } from "lucide-react";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState } from "react";
import { ActionMessages } from "@/components/ui/action-messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuSubChoices,
  DropdownMenuTrigger,
  type DropdownMenuChoice,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { ignoreFormId, resolveFormId } from "@/lib/issue-shortcuts";
import { ActionForm } from "./action-form";

type Action = (state: ActionState, formData: FormData) => Promise<ActionState>;

interface IssueActionsProps {
  issueId: number;
  status: string;
  projectSlug: string;
  /** The project's releases, newest first, for "Resolve in release…". */
  releases: string[];
  /** The issue's own actions, and the issue list's bulk action (merge, delete) applied to this issue. */
  actions: { resolve: Action; ignore: Action; reopen: Action; bulk: Action };
}

/** Counts offered by "until it occurs again" and "until it affects more users". */
const ignoreCounts = [1, 10, 100, 1000];

/** What the shared forms send when a key (r, i) submits them: resolve now, ignore forever. */
const formDefaults: Record<string, Record<string, string>> = {
  [resolveFormId]: { kind: "now", release: "" },
  [ignoreFormId]: { until: "forever", count: "", minutes: "" },
};

function fill(form: HTMLFormElement, fields: Record<string, string>): void {
  for (const [name, value] of Object.entries(fields)) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) input.value = value;
  }
}

/** Fills the named fields of a shared form (hidden inputs) and submits it, then puts its defaults back. */
function submitWith(formId: string, fields: Record<string, string>): void {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  fill(form, { ...formDefaults[formId], ...fields });
  // React reads the form's data while the submit event is dispatched, so restoring right after is safe.
  form.requestSubmit();
  fill(form, formDefaults[formId] ?? {});
}

/** "Ignore until it occurs again / affects more users": one choice of the Ignore ▾ submenus. */
function ignoreUntil(until: "count" | "users", count: number, label: string): DropdownMenuChoice {
  return { key: String(count), label, onSelect: () => submitWith(ignoreFormId, { until, count: String(count) }) };
}

/**
 * The issue page's three actions, as menus: Resolve ▾ (now, in the next release, in one of the project's
 * releases), Ignore ▾ (forever, for a while, until it occurs or affects people again) and ⋯ (copy a link,
 * merge, delete). Each choice submits a form the keyboard shortcuts share, so r and i do what the menus do.
 */
export function IssueActions({ issueId, status, projectSlug, releases, actions }: IssueActionsProps) {
  const isOpen = status === "unresolved";
  return (
    <section aria-label="Issue actions" className="flex flex-wrap items-center gap-2">
      {status === "resolved" || status === "ignored" ? (
        <ActionForm action={actions.reopen} className="contents">
          <input type="hidden" name="issueId" value={issueId} />
          <Button type="submit" size="sm">
            Reopen
          </Button>
        </ActionForm>
      ) : null}
      <ActionForm action={actions.resolve} className="contents" id={resolveFormId}>
        <input type="hidden" name="issueId" value={issueId} />
        <input type="hidden" name="kind" defaultValue="now" />
        <input type="hidden" name="release" defaultValue="" />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" size="sm" variant={isOpen ? "primary" : "secondary"}>
              Resolve
              <ChevronDown aria-hidden className="h-3.5 w-3.5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem onSelect={() => submitWith(resolveFormId, { kind: "now" })}>Resolve now</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => submitWith(resolveFormId, { kind: "next_release" })}>In the next release</DropdownMenuItem>
            <DropdownMenuSubChoices
              label="In release…"
              empty="This project has no release yet"
              itemClassName="font-mono text-xs"
              choices={releases.map((release) => ({ key: release, label: release, onSelect: () => submitWith(resolveFormId, { kind: "in_release", release }) }))}
            />
          </DropdownMenuContent>
        </DropdownMenu>
      </ActionForm>
      <ActionForm action={actions.ignore} className="contents" id={ignoreFormId}>
        <input type="hidden" name="issueId" value={issueId} />
        <input type="hidden" name="until" defaultValue="forever" />
        <input type="hidden" name="count" defaultValue="" />
        <input type="hidden" name="minutes" defaultValue="" />
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button type="button" size="sm" variant="secondary">
              Ignore
              <ChevronDown aria-hidden className="h-3.5 w-3.5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            <DropdownMenuItem onSelect={() => submitWith(ignoreFormId, { until: "forever" })}>Forever</DropdownMenuItem>
            <DropdownMenuSubChoices
              label="For…"
              choices={ignoreDurations.map((duration) => ({ key: String(duration.minutes), label: duration.label, onSelect: () => submitWith(ignoreFormId, { until: "duration", minutes: String(duration.minutes) }) }))}
            />
            <DropdownMenuSubChoices label="Until it occurs again…" choices={ignoreCounts.map((count) => ignoreUntil("count", count, count === 1 ? "1 more time" : `${count.toLocaleString("en")} more times`))} />
            <DropdownMenuSubChoices label="Until it affects more users…" choices={ignoreCounts.map((count) => ignoreUntil("users", count, count === 1 ? "1 more user" : `${count.toLocaleString("en")} more users`))} />
          </DropdownMenuContent>
        </DropdownMenu>
      </ActionForm>
      <MoreActions issueId={issueId} projectSlug={projectSlug} bulk={actions.bulk} />
    </section>
  );
}

/** ⋯: copy the issue's link, merge it with another issue of the project, delete it (each change confirmed in a dialog). */
function MoreActions({ issueId, projectSlug, bulk }: { issueId: number; projectSlug: string; bulk: Action }) {
  const [dialog, setDialog] = useState<"merge" | "delete" | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const issuePath = `/projects/${projectSlug}/issues/${issueId}`;
  async function copyLink() {
    const link = new URL(issuePath, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(link);
      setCopied("Link copied.");
    } catch {
      // No clipboard (an insecure origin, a refused permission): the link is shown to copy by hand.
      setCopied(`Copy this link: ${link}`);
    }
  }
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" size="sm" variant="secondary" aria-label="More actions">
            <Ellipsis aria-hidden className="h-4 w-4" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem onSelect={() => void copyLink()}>Copy share link</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Change the issue</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => setDialog("merge")}>Merge with another issue…</DropdownMenuItem>
          <DropdownMenuItem variant="danger" onSelect={() => setDialog("delete")}>
            Delete issue…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {copied ? (
        <p role="status" className="basis-full text-sm wrap-break-word text-muted-foreground">
          {copied}
        </p>
      ) : null}
      <Dialog open={dialog !== null} onOpenChange={(open) => setDialog(open ? dialog : null)}>
        {dialog === "merge" ? <MergeDialog issueId={issueId} bulk={bulk} /> : null}
        {dialog === "delete" ? <DeleteDialog issueId={issueId} projectSlug={projectSlug} bulk={bulk} /> : null}
      </Dialog>
    </>
  );
}

function MergeDialog({ issueId, bulk }: { issueId: number; bulk: Action }) {
  const router = useRouter();
  const [state, formAction, isPending] = useActionState(bulk, {});
  const wasDone = useRef(false);
  useEffect(() => {
    // The merge changed this issue (it took the other, or moved into it): the page reads it again.
    if (state.message && !wasDone.current) {
      wasDone.current = true;
      router.refresh();
    }
  }, [state.message, router]);
  return (
    <DialogContent>
      <DialogTitle>Merge with another issue</DialogTitle>
      <DialogDescription>Both issues become one: the one seen more often keeps its number and takes the other&apos;s events and hashes. Unmerge splits them again.</DialogDescription>
      <form action={formAction} aria-busy={isPending} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="merge" />
        <input type="hidden" name="issue" value={issueId} />
        <label className="block space-y-1">
          <span className="text-sm font-medium">Other issue&apos;s number</span>
          <Input name="issue" type="number" min={1} required inputMode="numeric" autoComplete="off" />
        </label>
        <ActionMessages state={state} />
        <DialogFooter>
          <DialogCancel>{state.message ? "Close" : "Cancel"}</DialogCancel>
          <Button type="submit" size="sm" disabled={isPending || Boolean(state.message)}>
            Merge
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}

function DeleteDialog({ issueId, projectSlug, bulk }: { issueId: number; projectSlug: string; bulk: Action }) {
  const router = useRouter();
  // Leaves for the issue list as soon as the deletion answers: the page it was on is a 404 from then on,
  // and replaces this dialog before an effect of it could run.
  const deleteAndLeave = async (previous: ActionState, formData: FormData): Promise<ActionState> => {
    const answer = await bulk(previous, formData);
    if (answer.message) router.push(`/projects/${projectSlug}/issues`);
    return answer;
  };
  const [state, formAction, isPending] = useActionState(deleteAndLeave, {});
  return (
    <DialogContent role="alertdialog">
      <DialogTitle>Delete this issue?</DialogTitle>
      <DialogDescription>The issue and every stored event of it are deleted; this cannot be undone. New events of the same error open a new issue.</DialogDescription>
      <form action={formAction} aria-busy={isPending}>
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="issue" value={issueId} />
        <ActionMessages state={state} className="mt-3" />
        <DialogFooter>
          <DialogCancel />
          <Button type="submit" variant="danger" size="sm" disabled={isPending}>
            Delete issue
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
