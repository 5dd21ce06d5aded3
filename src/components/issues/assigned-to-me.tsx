import Link from "next/link";
import { Card, CardTitle } from "@/components/ui/card";
import { assignedToMeQuery, assignedToMyTeamsQuery } from "@/lib/assigned-to-me-queries";
import type { AssignedIssue } from "@/lib/views/issues";
import { issueHref } from "./list/issue-href";
import { PriorityBadge } from "./priority-badge";
import { RelativeTime } from "./relative-time";
import { IdentifierText } from "@/components/ui/identifier-text";

const listOf = (query: string) => `/issues?query=${encodeURIComponent(query)}`;

/**
 * "Assigned to me" on the home page, counting one's teams as Sentry's does: the five unresolved issues
 * most recently seen that are assigned to the viewer or to a team they are in (list-assigned-to-me), a
 * team's marked with the team; the links open each whole list.
 */
export function AssignedToMe({ issues }: { issues: AssignedIssue[] }) {
  return (
    <Card aria-labelledby="assigned-to-me" className="mb-6 p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <div>
          <CardTitle id="assigned-to-me">Assigned to me</CardTitle>
          <p className="text-sm text-muted-foreground">To you, and to your teams.</p>
        </div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link href={listOf(assignedToMeQuery)} className="text-primary hover:underline">
            All assigned to me
          </Link>
          <Link href={listOf(assignedToMyTeamsQuery)} className="text-primary hover:underline">
            All assigned to my teams
          </Link>
        </div>
      </div>
      {issues.length === 0 ? (
        <p className="text-sm text-muted-foreground">No unresolved issue is assigned to you or to your teams.</p>
      ) : (
        <ul className="divide-y divide-border" aria-label="Issues assigned to me or my teams">
          {issues.map((issue) => (
            <li key={issue.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link href={issueHref(issue.projectSlug, issue.id)} className="min-w-0 flex-1 font-medium break-words hover:underline">
                {issue.title}
              </Link>
              {issue.assignee?.type === "team" ? <span className="rounded bg-muted px-1.5 py-0.5 text-xs">Team #{issue.assignee.slug}</span> : null}
              <span className="text-xs wrap-break-word text-muted-foreground">
                <IdentifierText value={issue.projectName} />
              </span>
              <PriorityBadge priority={issue.priority} />
              <RelativeTime time={issue.lastSeen} className="text-xs whitespace-nowrap text-muted-foreground" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
