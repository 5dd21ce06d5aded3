"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";

interface IssueListLiveProps {
  /** /issues/live with the list's query, project and the baseline's `since`. */
  endpoint: string;
  /** [id, times seen] of the matching issues seen since `since`, as the page rendered them. */
  baseline: [number, number][];
  /** An empty list refreshes itself, so that a first issue appears on its own. */
  isEmpty: boolean;
  intervalMs?: number;
}

/** How many issues are new or have new events compared with what the page shows. */
function countChanges(baseline: Map<number, number>, current: [number, number][]): number {
  return current.filter(([id, timesSeen]) => baseline.get(id) !== timesSeen).length;
}

/**
 * Polls the live check every few seconds and, instead of moving rows under the reader, offers
 * "N new or updated — Show", which refreshes the list. Polling pauses while the tab is hidden.
 */
export function IssueListLive({ endpoint, baseline, isEmpty, intervalMs = 5000 }: IssueListLiveProps) {
  const router = useRouter();
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    const known = new Map(baseline);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isStopped = false;
    async function poll() {
      if (document.visibilityState === "visible") {
        try {
          const response = await fetch(endpoint, { cache: "no-store" });
          if (response.ok) {
            const { issues } = (await response.json()) as { issues: [number, number][] };
            const changed = countChanges(known, issues);
            if (isStopped) return;
            if (changed > 0 && isEmpty) router.refresh();
            setChanges(changed);
          }
        } catch {
          // Offline or restarting: try again at the next tick.
        }
      }
      if (!isStopped) timer = setTimeout(poll, intervalMs);
    }
    timer = setTimeout(poll, intervalMs);
    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [endpoint, baseline, isEmpty, intervalMs, router]);

  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {changes > 0 && !isEmpty ? (
        <Button type="button" variant="secondary" size="sm" className="mb-3 w-full border-primary/50 text-primary" onClick={() => {
            setChanges(0);
            router.refresh();
          }}>
          {changes} new or updated — Show
        </Button>
      ) : null}
    </div>
  );
}
