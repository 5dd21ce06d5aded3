import Link from "next/link";
import { LevelBadge } from "@/components/issues/issue-badges";
import { RelativeTime } from "@/components/issues/relative-time";
import type { OverviewIssue } from "@/lib/views/projects";
import { IdentifierText } from "@/components/ui/identifier-text";

interface OverviewIssueListProps {
  projectSlug: string;
  issues: OverviewIssue[];
  /** The list's accessible name. */
  label: string;
  /** What the count beside each issue means. */
  count: "window" | "total";
  empty: string;
}

/** A few issues of the project overview, each a link to its page with its level, count and last sighting. */
export function OverviewIssueList({ projectSlug, issues, label, count, empty }: OverviewIssueListProps) {
  if (issues.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol aria-label={label} className="divide-y divide-border">
      {issues.map((issue) => {
        const events = count === "window" ? issue.windowCount : issue.timesSeen;
        return (
          <li key={issue.id} className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0">
            <LevelBadge level={issue.level} />
            <div className="min-w-0 flex-1">
              <Link href={`/projects/${projectSlug}/issues/${issue.id}`} prefetch={false} className="text-sm font-medium break-words hover:underline">
                {issue.title}
              </Link>
              <div className="text-xs text-muted-foreground">
                {issue.culprit ? (
                  <span className="font-mono wrap-break-word">
                    <IdentifierText value={issue.culprit} /> ·{" "}
                  </span>
                ) : null}
                last seen <RelativeTime time={issue.lastSeen} />
              </div>
            </div>
            <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
              {events.toLocaleString("en")} {events === 1 ? "event" : "events"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
