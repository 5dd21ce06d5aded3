"use client";

import { Bot, ChevronDown } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCancel, DialogContent, DialogDescription, DialogFooter, DialogTitle } from "@/components/ui/dialog";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { getIssueBriefAction, type IssueBriefAnswer } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/llm-brief/actions";

type Variant = "full" | "identifiers";

const variantNames: Record<Variant, string> = { full: "Full brief", identifiers: "Identifiers only" };

/**
 * Writes the text the promise brings to the clipboard. A ClipboardItem given the promise keeps the click's
 * user activation while the server answers (Safari refuses a write after an await otherwise); where that
 * is not offered, writeText after the answer.
 */
async function writeToClipboard(text: Promise<string>): Promise<void> {
  if (typeof ClipboardItem !== "undefined" && typeof navigator.clipboard?.write === "function") {
    try {
      await navigator.clipboard.write([new ClipboardItem({ "text/plain": text.then((value) => new Blob([value], { type: "text/plain" })) })]);
      return;
    } catch {
      // Fall through to writeText (older engines refuse a promise in ClipboardItem).
    }
  }
  await navigator.clipboard.writeText(await text);
}

/**
 * "Copy for LLMs" on the issue page: the issue as Markdown for an agent or a chat, either the full brief
 * (error chain, in-app frames, breadcrumbs, tags, hints — scrubbed, at most 16 KiB) or its identifiers
 * only with the MCP call that fetches the rest. Without a clipboard the text shows in a dialog to copy.
 */
export function CopyForLlms({ issueId, eventId }: { issueId: number; eventId: string | null }) {
  const [status, setStatus] = useState<{ text: string; isError: boolean } | null>(null);
  const [isPending, setIsPending] = useState(false);
  const [fallback, setFallback] = useState<{ variant: Variant; markdown: string } | null>(null);

  async function copy(variant: Variant) {
    setIsPending(true);
    setStatus(null);
    const answer: Promise<IssueBriefAnswer> = getIssueBriefAction({ issueId, variant, ...(eventId ? { eventId } : {}) }).catch(() => ({ error: "The brief could not be loaded; try again." }));
    const markdown = answer.then((result) => ("error" in result ? Promise.reject(new Error(result.error)) : result.markdown));
    try {
      await writeToClipboard(markdown);
      const result = await answer;
      setStatus({ text: `${variantNames[variant]} copied${"truncated" in result && result.truncated ? " (shortened to stay under 16 KiB)" : ""}.`, isError: false });
    } catch {
      const result = await answer;
      if ("error" in result) setStatus({ text: result.error, isError: true });
      else setFallback({ variant, markdown: result.markdown });
    } finally {
      setIsPending(false);
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" size="sm" variant="secondary" aria-busy={isPending} disabled={isPending}>
            <Bot aria-hidden className="h-3.5 w-3.5" />
            Copy for LLMs
            <ChevronDown aria-hidden className="h-3.5 w-3.5" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-w-[calc(100vw-2rem)]">
          <DropdownMenuLabel>Copy the issue as Markdown</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => void copy("full")}>
            <span className="flex flex-col">
              <span>Full brief</span>
              <span className="text-xs text-muted-foreground">Error, in-app frames, breadcrumbs, tags; scrubbed</span>
            </span>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => void copy("identifiers")}>
            <span className="flex flex-col">
              <span>Identifiers only</span>
              <span className="text-xs text-muted-foreground">Ids, links and the MCP call; no event data</span>
            </span>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {status ? (
        <span role={status.isError ? "alert" : "status"} className={status.isError ? "text-sm text-danger" : "text-sm text-muted-foreground"}>
          {status.text}
        </span>
      ) : null}
      <Dialog open={fallback !== null} onOpenChange={(open) => (open ? null : setFallback(null))}>
        {fallback ? (
          <DialogContent className="max-w-2xl">
            <DialogTitle>{variantNames[fallback.variant]} for LLMs</DialogTitle>
            <DialogDescription>The clipboard is not available here. Select the text and copy it.</DialogDescription>
            <textarea
              readOnly
              aria-label="Issue brief"
              value={fallback.markdown}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-3 h-72 w-full rounded-md border border-border bg-background p-2 font-mono text-xs"
            />
            <DialogFooter>
              <DialogCancel>Close</DialogCancel>
            </DialogFooter>
          </DialogContent>
        ) : null}
      </Dialog>
    </span>
  );
}
