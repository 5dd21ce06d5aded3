import Link from "next/link";
import { LevelBadge } from "@/components/issues/issue-badges";
import { issueHref } from "@/components/issues/list/issue-href";
import { RelativeTime } from "@/components/issues/relative-time";
import { DataTable } from "@/components/ui/data-table";
import { IdentifierText } from "@/components/ui/identifier-text";
import type { ReleaseIssue } from "@/lib/views/releases";

/** One of the release page's issue lists (new, regressed or resolved in the release), newest activity first. */
export function ReleaseIssueList({ label, issues, projectSlug, empty }: { label: string; issues: ReleaseIssue[]; projectSlug: string; empty: string }) {
  if (issues.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <DataTable label={label} columns={[{ label: "Issue" }, { label: "Events", className: "text-right" }, { label: "Users", className: "text-right" }, { label: "Last seen" }]}>
      {issues.map((issue) => (
        <tr key={issue.id} className="align-top hover:bg-muted/50">
          <th scope="row" className="min-w-48 px-3 py-2 text-left font-normal">
            <Link href={issueHref(projectSlug, issue.id)} prefetch={false} className="font-medium wrap-break-word hover:underline">
              <IdentifierText value={issue.title} />
            </Link>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <LevelBadge level={issue.level} />
              {issue.culprit ? <IdentifierText value={issue.culprit} /> : null}
              {issue.status !== "unresolved" ? <span>{issue.status}</span> : null}
            </div>
          </th>
          <td className="px-3 py-2 text-right tabular-nums">{issue.timesSeen.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-right tabular-nums">{issue.usersSeen.toLocaleString("en")}</td>
          <td className="px-3 py-2 text-xs whitespace-nowrap">
            <RelativeTime time={issue.lastSeen} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
