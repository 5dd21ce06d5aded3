import Link from "next/link";
import { cn } from "@/lib/cn";

/** The overview's issue views: one list at a time, as Sentry's project page switches "New Issues" and "All Unresolved". */
export type OverviewIssueView = "top" | "new";

export function parseOverviewIssueView(value: string | string[] | undefined): OverviewIssueView {
  return value === "new" ? "new" : "top";
}

interface OverviewIssueViewSwitchProps {
  current: OverviewIssueView;
  /** The overview's path and the query it keeps (the chart range). */
  path: string;
  keep: Record<string, string>;
  newCount: number;
}

/**
 * Links, like the range switch: the page reads the view on the server, each view has its own address, and
 * switching replaces the history entry and keeps the scroll position.
 */
export function OverviewIssueViewSwitch({ current, path, keep, newCount }: OverviewIssueViewSwitchProps) {
  const views: { value: OverviewIssueView; label: string }[] = [
    { value: "top", label: "Top unresolved" },
    { value: "new", label: `New today (${newCount.toLocaleString("en")})` },
  ];
  return (
    <nav aria-label="Issue view" className="inline-flex rounded-md border border-border p-0.5 text-xs">
      {views.map((view) => {
        const query = new URLSearchParams({ ...keep, ...(view.value === "top" ? {} : { issues: view.value }) }).toString();
        return (
          <Link
            key={view.value}
            href={query ? `${path}?${query}` : path}
            prefetch={false}
            scroll={false}
            replace
            aria-current={view.value === current ? "page" : undefined}
            className={cn("rounded px-2.5 py-1 font-medium whitespace-nowrap", view.value === current ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted")}
          >
            {view.label}
          </Link>
        );
      })}
    </nav>
  );
}
