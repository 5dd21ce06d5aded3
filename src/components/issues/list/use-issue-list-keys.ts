"use client";

import { useRouter } from "next/navigation";
import { useEffect, type RefObject } from "react";
import { issueSearchInputId } from "./issue-search-bar";

interface Keys {
  focusedId: number | null;
  setFocusedId: (id: number) => void;
  toggle: (id: number) => void;
}

/** Keys that type text: while one of these has focus, the list's shortcuts stay out of the way. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["checkbox", "radio", "button", "submit", "reset"].includes(target.type);
}

/**
 * The list's keyboard: j / k move the focus through the rows (real focus, so the ring and screen readers
 * follow), x selects the focused row, Enter or o opens it, / jumps to the search bar.
 */
export function useIssueListKeys(container: RefObject<HTMLElement | null>, { focusedId, setFocusedId, toggle }: Keys): void {
  const router = useRouter();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const rows = [...(container.current?.querySelectorAll<HTMLElement>("tr[data-issue-id]:not([hidden])") ?? [])];
      const index = rows.findIndex((row) => Number(row.dataset.issueId) === focusedId);
      const current = index >= 0 ? rows[index] : undefined;
      const focusRow = (row: HTMLElement | undefined) => {
        if (!row) return;
        row.focus();
        row.scrollIntoView({ block: "nearest" });
        setFocusedId(Number(row.dataset.issueId));
      };
      if (event.key === "/") {
        document.getElementById(issueSearchInputId)?.focus();
      } else if (event.key === "j") {
        focusRow(rows[index < 0 ? 0 : Math.min(index + 1, rows.length - 1)]);
      } else if (event.key === "k") {
        focusRow(rows[index < 0 ? 0 : Math.max(index - 1, 0)]);
      } else if (event.key === "x" && current) {
        toggle(Number(current.dataset.issueId));
      } else if ((event.key === "o" || (event.key === "Enter" && event.target === current)) && current?.dataset.href) {
        router.push(current.dataset.href);
      } else {
        return;
      }
      event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [container, focusedId, setFocusedId, toggle, router]);
}
