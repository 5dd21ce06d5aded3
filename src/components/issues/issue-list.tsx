import Link from "next/link";
import type { ReactNode } from "react";
import { Sparkline } from "@/components/charts/sparkline";
import { Badge } from "@/components/ui/badge";
import { IdentifierText } from "@/components/ui/identifier-text";
import { TextTooltip } from "@/components/ui/text-tooltip";
import type { ActionState } from "@/lib/action-state";
import type { IssueListItem, Assignee } from "@/lib/views/issues";
import { LevelBadge, UnhandledBadge } from "./issue-badges";
import { issueHref } from "./list/issue-href";
import { IssueListView } from "./list/issue-list-state";
import { IssueRowCheckbox, IssueRowFrame, IssueRowStatus, SelectAllCheckbox } from "./list/issue-row-parts";
import { RelativeTime } from "./relative-time";
import { AssigneeCell } from "./assignee-avatar";
import { PriorityBadge } from "./priority-badge";

/** `isUnhandled`: some event crashed without the app catching it (marked in the row). */
export type IssueListRow = IssueListItem & { sparkline: number[]; isUnhandled?: boolean; assignee?: Assignee | null };

interface IssueListProps {
  issues: IssueListRow[];
  /** The bulk form's server action. */
  action: (state: ActionState, formData: FormData) => Promise<ActionState>;
  /** Show each issue's project (the all-projects list). */
  showProject: boolean;
  /** What shows instead of the table when no issue matches. */
  empty: ReactNode;
}

const headClass = "px-3 py-2 font-medium";

/**
 * The issue table. Rows are rendered here, on the server (sparklines and times included); selection,
 * the keyboard and optimistic bulk changes come from the client frame around them.
 */
export function IssueList({ issues, action, showProject, empty }: IssueListProps) {
  // The frame stays mounted when the list empties, so the bulk action's confirmation stays visible.
  return (
    <IssueListView ids={issues.map((issue) => issue.id)} action={action}>
      {issues.length === 0 ? empty : <IssueTable issues={issues} showProject={showProject} />}
    </IssueListView>
  );
}

function IssueTable({ issues, showProject }: { issues: IssueListRow[]; showProject: boolean }) {
  return (
    <div className="scroll-hint-x rounded-lg border border-border [--scroll-hint-background:var(--card)]">
      <table className="w-full text-sm" aria-label="Issues">
        <thead className="border-b border-border text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <SelectAllCheckbox />
            </th>
            <th scope="col" className={headClass}>
              Issue
            </th>
            <th scope="col" className={`${headClass} hidden md:table-cell`}>
              Last 24 hours
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Events
            </th>
            <th scope="col" className={`${headClass} hidden text-right sm:table-cell`}>
              Users
            </th>
            <th scope="col" className={`${headClass} hidden sm:table-cell`}>
              Assignee
            </th>
            <th scope="col" className={headClass}>
              Last seen
            </th>
            <th scope="col" className={`${headClass} hidden sm:table-cell`}>
              First seen
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {issues.map((issue) => (
            <IssueRow key={issue.id} issue={issue} showProject={showProject} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function IssueRow({ issue, showProject }: { issue: IssueListRow; showProject: boolean }) {
  const href = issueHref(issue.projectSlug, issue.id);
  const total = issue.sparkline.reduce((sum, count) => sum + count, 0);
  return (
    <IssueRowFrame id={issue.id} href={href}>
      <td className="px-3 py-3">
        <IssueRowCheckbox id={issue.id} title={issue.title} />
      </td>
      <td className="min-w-0 px-3 py-3">
        <Link href={href} prefetch={false} className="font-medium break-words hover:underline">
          {issue.title}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {issue.culprit ? (
            <span className="min-w-0 font-mono wrap-break-word">
              <IdentifierText value={issue.culprit} />
            </span>
          ) : null}
          {showProject ? (
            <span className="min-w-0 wrap-break-word">
              <IdentifierText value={issue.projectName} />
            </span>
          ) : null}
          <LevelBadge level={issue.level} />
          {issue.isUnhandled ? <UnhandledBadge /> : null}
          <IssueRowStatus id={issue.id} status={issue.status} substatus={issue.substatus} />
          {issue.lastRelease ? (
            <TextTooltip tooltip={`Last seen in release ${issue.lastRelease}`} className="no-underline">
              <Badge className="max-w-48 truncate">{issue.lastRelease}</Badge>
            </TextTooltip>
          ) : null}
          <PriorityBadge priority={issue.priority} />
        </div>
      </td>
      <td className="hidden px-3 py-3 text-muted-foreground md:table-cell">
        <Sparkline values={issue.sparkline} label={`${total} ${total === 1 ? "event" : "events"} in the last 24 hours`} />
      </td>
      <td className="px-3 py-3 text-right tabular-nums">{issue.timesSeen}</td>
      <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{issue.usersSeen}</td>
      <td className="hidden px-3 py-3 sm:table-cell">
        <AssigneeCell assignee={issue.assignee} />
      </td>
      <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
        <RelativeTime time={issue.lastSeen} />
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap text-muted-foreground sm:table-cell">
        <RelativeTime time={issue.firstSeen} />
      </td>
    </IssueRowFrame>
  );
}
