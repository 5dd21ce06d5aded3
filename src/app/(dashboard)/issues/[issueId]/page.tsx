import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ActivityList } from "@/components/issues/activity-list";
import { EventDetails } from "@/components/issues/event-details";
import { GroupingExplanation } from "@/components/issues/grouping-explanation";
import { HourlyChart } from "@/components/issues/hourly-chart";
import { IssueActions } from "@/components/issues/issue-actions";
import { LevelBadge, StatusBadge, SubstatusBadge } from "@/components/issues/issue-badges";
import { IssueFacts } from "@/components/issues/issue-facts";
import { IssueHashes } from "@/components/issues/issue-hashes";
import { RelativeTime } from "@/components/issues/relative-time";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { describeIgnoreCondition, describeResolution } from "@/lib/issue-words";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { explainGrouping } from "@/server/issues/explain-grouping";
import { getIssueDetails } from "@/server/issues/get-issue-details";
import { ignoreIssueAction, reopenIssueAction, resolveIssueAction, unmergeHashesAction } from "./actions";

interface IssuePageProps {
  params: Promise<{ issueId: string }>;
}

/** One lookup per request, shared by the metadata and the page; a malformed or unknown id is a 404. */
const loadIssue = cache(async (issueId: string) => {
  if (!/^[1-9]\d{0,14}$/.test(issueId)) notFound();
  const { db } = await getAppContext();
  return getIssueDetails(db, Number(issueId)).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
});

export async function generateMetadata({ params }: IssuePageProps): Promise<Metadata> {
  const { issue } = await loadIssue((await params).issueId);
  return { title: issue.title };
}

export default async function IssuePage({ params }: IssuePageProps) {
  const { issue, project, hourly, environments, hashes, activity, event, eventCount } = await loadIssue((await params).issueId);
  const { db } = await getAppContext();
  const grouping = event ? await explainGrouping(db, project.id, event.payload) : null;
  const state = issue.status === "resolved" ? describeResolution(issue.resolution) : issue.status === "ignored" ? describeIgnoreCondition(issue.ignore_condition) : null;

  return (
    <>
      <PageHeader
        title={<span className="break-all">{issue.title}</span>}
        description={
          <>
            {issue.culprit ? <span className="font-mono break-all">{issue.culprit}</span> : null}
            {issue.culprit ? " · " : null}
            <Link href={`/projects/${project.slug}`} prefetch={false} className="hover:underline">
              {project.name}
            </Link>
          </>
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={issue.status} />
            <SubstatusBadge substatus={issue.substatus} />
            <LevelBadge level={issue.level} />
          </div>
        }
      />
      {state ? (
        <p className="-mt-4 mb-4 text-sm text-muted-foreground">
          {issue.status === "resolved" ? "Resolved" : "Ignored"} {state}.
        </p>
      ) : null}
      {issue.status === "merged" ? (
        <p className="mb-6 rounded-lg border border-border bg-muted p-4 text-sm">
          This issue was merged into{" "}
          {issue.merged_into_id ? (
            <Link href={`/issues/${issue.merged_into_id}`} prefetch={false} className="font-medium underline">
              issue #{issue.merged_into_id}
            </Link>
          ) : (
            "another issue"
          )}
          ; new events go there.
        </p>
      ) : (
        <IssueActions issueId={issue.id} status={issue.status} actions={{ resolve: resolveIssueAction, ignore: ignoreIssueAction, reopen: reopenIssueAction }} />
      )}

      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Card aria-labelledby="issue-facts">
          <CardTitle id="issue-facts" className="mb-4">
            Facts
          </CardTitle>
          <IssueFacts
            timesSeen={issue.times_seen}
            usersSeen={issue.users_seen}
            firstSeen={issue.first_seen}
            lastSeen={issue.last_seen}
            firstRelease={issue.first_release}
            lastRelease={issue.last_release}
            environments={environments}
          />
        </Card>
        <Card aria-labelledby="issue-chart">
          <CardTitle id="issue-chart" className="mb-4">
            Last 24 hours
          </CardTitle>
          <HourlyChart hourly={hourly} />
        </Card>
      </div>

      <Card className="mt-6" aria-labelledby="latest-event">
        <CardTitle id="latest-event">Latest event</CardTitle>
        {event ? (
          <>
            <CardDescription>
              <span className="font-mono">{event.eventId}</span> · <RelativeTime time={event.timestamp} /> · {eventCount} {eventCount === 1 ? "event" : "events"} stored
            </CardDescription>
            <EventDetails payload={event.payload} />
          </>
        ) : (
          <CardDescription>No event of this issue is stored any more (older events are removed by the retention settings).</CardDescription>
        )}
      </Card>

      {grouping ? (
        <Card className="mt-6" aria-labelledby="grouping">
          <CardTitle id="grouping">Why grouped this way</CardTitle>
          <CardDescription className="mb-4">The latest event&apos;s grouping, computed with the project&apos;s current rules. Each variant that contributes gives a hash; an event joins the issue that owns one of its hashes.</CardDescription>
          <GroupingExplanation grouping={grouping} eventHash={event?.groupHash ?? null} />
        </Card>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card aria-labelledby="hashes">
          <CardTitle id="hashes">Hashes</CardTitle>
          <CardDescription className="mb-4">Events with any of these hashes join this issue.</CardDescription>
          <IssueHashes issueId={issue.id} hashes={hashes} eventHash={event?.groupHash ?? null} unmerge={unmergeHashesAction} />
        </Card>
        <Card aria-labelledby="activity">
          <CardTitle id="activity" className="mb-4">
            Activity
          </CardTitle>
          <ActivityList activity={activity} />
        </Card>
      </div>
    </>
  );
}
