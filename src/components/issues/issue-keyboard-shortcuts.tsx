"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { ignoreFormId, issueShortcutKeys, issueShortcutOf, resolveFormId } from "@/lib/issue-shortcuts";

interface IssueKeyboardShortcutsProps {
  olderHref: string | null;
  newerHref: string | null;
}

function submit(formId: string): void {
  const form = document.getElementById(formId);
  if (form instanceof HTMLFormElement) form.requestSubmit();
}

/**
 * The issue page's keys — r resolve, i ignore forever, e the older event, E the newer one — and their
 * hint. Keys typed into fields, and with Ctrl, ⌘ or Alt, are left alone (lib/issue-shortcuts).
 */
export function IssueKeyboardShortcuts({ olderHref, newerHref }: IssueKeyboardShortcutsProps) {
  const router = useRouter();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const shortcut = issueShortcutOf({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, target });
      if (shortcut === null) return;
      const href = shortcut === "older" ? olderHref : shortcut === "newer" ? newerHref : null;
      if ((shortcut === "older" || shortcut === "newer") && href === null) return;
      event.preventDefault();
      if (shortcut === "resolve") submit(resolveFormId);
      else if (shortcut === "ignore") submit(ignoreFormId);
      else if (href) router.push(href, { scroll: false });
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [olderHref, newerHref, router]);

  return (
    <section aria-label="Keyboard shortcuts" className="rounded-lg border border-border bg-card p-4 text-xs text-muted-foreground pointer-coarse:hidden">
      <h2 className="mb-2 font-semibold text-foreground">Keyboard shortcuts</h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
        {issueShortcutKeys.map((shortcut) => (
          <div key={shortcut.keys} className="contents">
            <dt>
              <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-[11px] text-foreground">{shortcut.keys === "E" ? "Shift+E" : shortcut.keys}</kbd>
            </dt>
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
