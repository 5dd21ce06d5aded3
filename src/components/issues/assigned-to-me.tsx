import Link from "next/link";
import { Card, CardTitle } from "@/components/ui/card";
import type { IssueListItem } from "@/server/issues/search/search-issues";
import { issueHref } from "./list/issue-href";
import { PriorityBadge } from "./priority-badge";
import { RelativeTime } from "./relative-time";

/** The search "Assigned to me" shows (the page loads its first five issues with it). */
export const assignedToMeQuery = "assigned:me is:unresolved";

/**
 * "Assigned to me" on the home page: the viewer's unresolved issues, most recently seen first (the five
 * newest; the link opens the whole list with the same search).
 */
export function AssignedToMe({ issues }: { issues: IssueListItem[] }) {
  const all = `/issues?query=${encodeURIComponent(assignedToMeQuery)}`;
  return (
    <Card aria-labelledby="assigned-to-me" className="mb-6 p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <CardTitle id="assigned-to-me">Assigned to me</CardTitle>
        {issues.length > 0 ? (
          <Link href={all} className="text-sm text-primary hover:underline">
            All issues assigned to me
          </Link>
        ) : null}
      </div>
      {issues.length === 0 ? (
        <p className="text-sm text-muted-foreground">No unresolved issue is assigned to you.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Issues assigned to me">
          {issues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link href={issueHref(issue.projectSlug, issue.id)} className="min-w-0 flex-1 font-medium break-words hover:underline">
                {issue.title}
              </Link>
              <span className="text-xs text-muted-foreground">{issue.projectName}</span>
              <PriorityBadge priority={issue.priority} />
              <RelativeTime time={issue.lastSeen} className="text-xs whitespace-nowrap text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
