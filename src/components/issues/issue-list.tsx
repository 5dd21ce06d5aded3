import Link from "next/link";
import type { IssueListItem } from "@/server/issues/list-issues";
import { LevelBadge, StatusBadge, SubstatusBadge } from "./issue-badges";
import { RelativeTime } from "./relative-time";

/** The issue table: one row per issue with a checkbox (name="issue") for the surrounding bulk form. */
export function IssueList({ issues }: { issues: IssueListItem[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-card">
      <table className="w-full text-sm" aria-label="Issues">
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <span className="sr-only">Select</span>
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Issue
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Events
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Users
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Last seen
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              First seen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {issues.map((issue) => (
            <IssueRow key={issue.id} issue={issue} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IssueRow({ issue }: { issue: IssueListItem }) {
  return (
    <tr className="align-top hover:bg-muted/50">
      <td className="px-3 py-3">
        <input type="checkbox" name="issue" value={issue.id} aria-label={`Select ${issue.title}`} className="mt-1 h-4 w-4" />
      </td>
      <td className="min-w-0 px-3 py-3">
        <Link href={`/issues/${issue.id}`} prefetch={false} className="font-medium break-all hover:underline">
          {issue.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {issue.culprit ? <span className="font-mono break-all">{issue.culprit}</span> : null}
          <span>{issue.projectName}</span>
          <LevelBadge level={issue.level} />
          {issue.status !== "unresolved" ? <StatusBadge status={issue.status} /> : null}
          <SubstatusBadge substatus={issue.substatus} />
        </div>
      </td>
      <td className="px-3 py-3 text-right tabular-nums">
        {issue.timesSeen}
      </td>
      <td className="px-3 py-3 text-right tabular-nums">
        {issue.usersSeen}
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
        <RelativeTime time={issue.lastSeen} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
        <RelativeTime time={issue.firstSeen} />
      </td>
    </tr>
  );
}
