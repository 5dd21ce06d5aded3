import Link from "next/link";
import { VolumeChart } from "@/components/charts/volume-chart";
import { ActivityList } from "@/components/issues/activity-list";
import { AssigneeForm } from "@/components/issues/assignee-form";
import { EventDetails } from "@/components/issues/event-details";
import { EventNavigation } from "@/components/issues/event-navigation";
import { EventTraceAndDigest } from "@/components/issues/event-trace-and-digest";
import { GroupingExplanation } from "@/components/issues/grouping-explanation";
import { IssueActions } from "@/components/issues/issue-actions";
import { LevelBadge, StatusBadge, SubstatusBadge } from "@/components/issues/issue-badges";
import { IssueComments } from "@/components/issues/issue-comments";
import { IssueFacts } from "@/components/issues/issue-facts";
import { IssueHashes } from "@/components/issues/issue-hashes";
import { IssueKeyboardShortcuts } from "@/components/issues/issue-keyboard-shortcuts";
import { RelativeTime } from "@/components/issues/relative-time";
import { TagDistribution } from "@/components/issues/tag-distribution";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { readTags } from "@/lib/event-payload";
import { formatTimestamp } from "@/lib/format-time";
import { describeIgnoreCondition, describeResolution } from "@/lib/issue-words";
import type { IssueEvent } from "@/server/events/get-issue-event";
import type { IssueDetails } from "@/server/issues/get-issue-details";
import type { VolumeRange } from "@/server/issues/get-issue-volume";
import type { IssuePageExtras } from "@/server/pages/load-issue";
import { addCommentAction, assignIssueAction, ignoreIssueAction, reopenIssueAction, resolveIssueAction, unmergeHashesAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/actions";

interface IssuePageViewProps {
  details: IssueDetails;
  /** The event on display (null: the issue has no stored event). */
  event: IssueEvent | null;
  volume: VolumeRange;
  /** What the page shows beside the issue and event: volume, tags, comments, attachments, grouping. */
  extras: IssuePageExtras;
  /** The page's own path (the issue, or an event permalink), for the chart's range links. */
  path: string;
}

const ranges: { value: VolumeRange; label: string; period: string }[] = [
  { value: "24h", label: "24 hours", period: "the last 24 hours" },
  { value: "30d", label: "30 days", period: "the last 30 days" },
];

/**
 * The issue page, shared by `/projects/{slug}/issues/{id}` (the latest event) and its event permalinks:
 * the issue's header, actions, facts and volume, one event in full with navigation, why it was grouped,
 * comments, hashes, activity, assignee, tag distribution and the keyboard shortcuts.
 */
export function IssuePageView({ details, event, volume: range, extras, path }: IssuePageViewProps) {
  const { issue, project, environments, hashes, activity, eventCount } = details;
  const { volume, tags, comments, attachments, grouping, resolution } = extras;

  const issueBase = `/projects/${project.slug}/issues/${issue.id}`;
  const eventsBase = `${issueBase}/events`;
  const eventBase = event ? `${eventsBase}/${event.eventId}` : null;
  const state = issue.status === "resolved" ? describeResolution(issue.resolution) : issue.status === "ignored" ? describeIgnoreCondition(issue.ignore_condition) : null;
  const eventTitle = !event ? "Latest event" : event.eventId === event.latestEventId ? "Latest event" : event.eventId === event.oldestEventId ? "Oldest event" : "Event";
  const period = ranges.find((option) => option.value === range)!.period;

  return (
    <>
      <PageHeader
        title={<span className="break-words">{issue.title}</span>}
        description={
          <>
            {issue.culprit ? <span className="font-mono break-all">{issue.culprit}</span> : null}
            {issue.culprit ? " · " : null}
            <Link href={`/projects/${project.slug}`} prefetch={false} className="hover:underline">
              {project.name}
            </Link>
            {" · "}issue #{issue.id}
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
            <Link href={`/projects/${project.slug}/issues/${issue.merged_into_id}`} prefetch={false} className="font-medium underline">
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

      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
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
        <Card aria-labelledby="issue-volume" className="min-w-0">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <CardTitle id="issue-volume">Event volume</CardTitle>
            <nav aria-label="Chart range" className="inline-flex rounded-md border border-border p-0.5 text-xs">
              {ranges.map((option) => (
                <Link
                  key={option.value}
                  href={option.value === "24h" ? path : `${path}?volume=${option.value}`}
                  prefetch={false}
                  scroll={false}
                  replace
                  aria-current={option.value === range ? "page" : undefined}
                  className={cn("rounded px-2.5 py-1 font-medium", option.value === range ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted")}
                >
                  {option.label}
                </Link>
              ))}
            </nav>
          </div>
          <VolumeChart buckets={volume.buckets} bucketMs={volume.bucketMs} period={period} />
        </Card>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="event-title" className="min-w-0">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <CardTitle id="event-title">{eventTitle}</CardTitle>
                {event ? (
                  <CardDescription>
                    <Link href={eventBase!} prefetch={false} className="font-mono break-all underline-offset-2 hover:underline" title="Permalink to this event">
                      {event.eventId}
                    </Link>{" "}
                    · <RelativeTime time={event.timestamp} /> · {formatTimestamp(event.timestamp)} · {eventCount.toLocaleString("en")} {eventCount === 1 ? "event" : "events"} stored
                  </CardDescription>
                ) : null}
                {event ? <EventTraceAndDigest payload={event.payload} /> : null}
              </div>
              {event ? (
                <EventNavigation
                  eventsBase={eventsBase}
                  currentEventId={event.eventId}
                  oldestEventId={event.oldestEventId}
                  olderEventId={event.olderEventId}
                  newerEventId={event.newerEventId}
                  latestEventId={event.latestEventId}
                />
              ) : null}
            </div>
            {event ? (
              <EventDetails payload={event.payload} timestamp={event.timestamp} attachments={attachments} attachmentsBase={`${eventBase}/attachments`} jsonHref={`${eventBase}/json`} resolution={resolution} />
            ) : (
              <CardDescription>No event of this issue is stored any more (older events are removed by the retention settings).</CardDescription>
            )}
          </Card>

          {grouping ? (
            <Card aria-labelledby="grouping">
              <CardTitle id="grouping">Why grouped this way</CardTitle>
              <CardDescription className="mb-4">
                This event&apos;s grouping, computed with the project&apos;s current rules. Each variant that contributes gives a hash; an event joins the issue that owns one of its hashes.
              </CardDescription>
              <GroupingExplanation grouping={grouping} eventHash={event?.groupHash ?? null} />
            </Card>
          ) : null}

          <Card aria-labelledby="comments">
            <CardTitle id="comments" className="mb-4">
              Comments
            </CardTitle>
            <IssueComments issueId={issue.id} comments={comments} addComment={addCommentAction} />
          </Card>

          <Card aria-labelledby="hashes" className="min-w-0">
            <CardTitle id="hashes">Hashes</CardTitle>
            <CardDescription className="mb-4">Events with any of these hashes join this issue.</CardDescription>
            <IssueHashes issueId={issue.id} projectSlug={project.slug} hashes={hashes} eventHash={event?.groupHash ?? null} unmerge={unmergeHashesAction} />
          </Card>
        </div>

        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="assignee">
            <CardTitle id="assignee" className="mb-3">
              Assignee
            </CardTitle>
            <AssigneeForm issueId={issue.id} assignee={issue.assignee} assign={assignIssueAction} />
          </Card>
          <Card aria-labelledby="tag-distribution">
            <CardTitle id="tag-distribution">Tag distribution</CardTitle>
            <CardDescription className="mb-4">The most common values across this issue&apos;s events.</CardDescription>
            <TagDistribution tags={tags} eventTags={event ? readTags(event.payload) : []} />
          </Card>
          <Card aria-labelledby="activity">
            <CardTitle id="activity" className="mb-4">
              Activity
            </CardTitle>
            <ActivityList activity={activity} />
          </Card>
          <IssueKeyboardShortcuts olderHref={event?.olderEventId ? `${eventsBase}/${event.olderEventId}` : null} newerHref={event?.newerEventId ? `${eventsBase}/${event.newerEventId}` : null} />
        </div>
      </div>
    </>
  );
}
