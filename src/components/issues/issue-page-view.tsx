import { Download } from "lucide-react";
import Link from "next/link";
import { ChartRangeSwitch, rangePeriod, type ChartRange } from "@/components/charts/chart-range-switch";
import { VolumeChart } from "@/components/charts/volume-chart";
import { ActivityList } from "@/components/issues/activity-list";
import { AssigneeForm } from "@/components/issues/assignee-form";
import { BookmarkToggle } from "@/components/issues/bookmark-toggle";
import { CopyForLlms } from "@/components/issues/copy-for-llms";
import { EventDetails } from "@/components/issues/event-details";
import { EventNavigation } from "@/components/issues/event-navigation";
import { EventTraceAndDigest } from "@/components/issues/event-trace-and-digest";
import { GroupingExplanation } from "@/components/issues/grouping-explanation";
import { HighlightedTags } from "@/components/issues/highlighted-tags";
import { IssueActions } from "@/components/issues/issue-actions";
import { LevelBadge, StatusBadge, SubstatusBadge } from "@/components/issues/issue-badges";
import { IssueComments } from "@/components/issues/issue-comments";
import { FoldOnPhone } from "@/components/issues/fold-on-phone";
import { IssueFacts } from "@/components/issues/issue-facts";
import { IssueHashes } from "@/components/issues/issue-hashes";
import { IssueKeyboardShortcuts } from "@/components/issues/issue-keyboard-shortcuts";
import { IssueParticipants } from "@/components/issues/issue-participants";
import { IssueFeedback } from "@/components/issues/issue-feedback";
import { IssueReplays, type IssueReplayRowView } from "@/components/issues/issue-replays";
import { LogsAroundEvent } from "@/components/issues/logs-around-event";
import { PriorityControl } from "@/components/issues/priority-control";
import { RawEventJson } from "@/components/issues/raw-event-json";
import { RelativeTime } from "@/components/issues/relative-time";
import { TagDistribution } from "@/components/issues/tag-distribution";
import { WhatStandsOut } from "@/components/issues/what-stands-out";
import { SuspectCommitLine } from "@/components/releases/suspect-commit";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Tooltip } from "@/components/ui/tooltip";
import { readTags } from "@/lib/event-payload";
import { describeFingerprintUse } from "@/lib/fingerprint-use";
import { formatTimestamp } from "@/lib/format-time";
import { describeIgnoreCondition, describeResolution } from "@/lib/issue-words";
import type { IssueEvent } from "@/lib/views/events";
import type { IssueDetails, VolumeRange, IssuePageExtras } from "@/lib/views/issues";
import type { LogsAroundEvent as LogsAroundEventView } from "@/lib/views/related-logs";
import { bulkIssueAction } from "@/app/(dashboard)/issues/actions";
import { addCommentAction, assignIssueAction, ignoreIssueAction, reopenIssueAction, resolveIssueAction, unmergeHashesAction } from "@/app/(dashboard)/projects/[projectSlug]/issues/[issueId]/actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface IssuePageViewProps {
  details: IssueDetails;
  /** The event on display (null: the issue has no stored event). */
  event: IssueEvent | null;
  volume: VolumeRange;
  /** What the page shows beside the issue and event: volume, tags, comments, attachments, grouping, releases. */
  extras: IssuePageExtras;
  /** The page's own path (the issue, or an event permalink), for the chart's range links. */
  path: string;
  /** The log lines around the event, streamed in after the rest of the page (null: no event). */
  logsAround?: Promise<LogsAroundEventView | null> | null;
  /** The session replays of the issue's events, streamed in after the rest of the page. */
  replays?: Promise<IssueReplayRowView[] | null> | null;
}

const ranges: ChartRange<VolumeRange>[] = [
  { value: "24h", label: "24 hours", period: "the last 24 hours" },
  { value: "30d", label: "30 days", period: "the last 30 days" },
];

/**
 * The issue page, shared by `/projects/{slug}/issues/{id}` (the latest event) and its event permalinks.
 * It leads with the error: the header (title, culprit, level, status, priority, assignee) with its three action
 * menus and the bookmark,
 * the event's highlighted tags, then the event itself with only the crashing frame open. Its hashes, why it
 * was grouped and the raw JSON are tabs under the event; the sidebar holds the assignee, facts, volume, tag
 * distribution, comments, participants, activity and the keyboard shortcuts.
 */
export function IssuePageView({ details, event, volume: range, extras, path, logsAround = null, replays = null }: IssuePageViewProps) {
  const { issue, project, environments, hashes, activity, eventCount } = details;
  const { volume, tags, comments, attachments, grouping, resolution, releases, suspectCommit } = extras;

  const issueBase = `/projects/${project.slug}/issues/${issue.id}`;
  const eventsBase = `${issueBase}/events`;
  const eventBase = event ? `${eventsBase}/${event.eventId}` : null;
  const state = issue.status === "resolved" ? describeResolution(issue.resolution) : issue.status === "ignored" ? describeIgnoreCondition(issue.ignore_condition) : null;
  const eventTitle = !event ? "Latest event" : event.eventId === event.latestEventId ? "Latest event" : event.eventId === event.oldestEventId ? "Oldest event" : "Event";
  const period = rangePeriod(ranges, range);
  const participants = [...comments.map((comment) => comment.author), ...activity.map((entry) => entry.actor)];

  return (
    <>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 flex-1 basis-96 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <LevelBadge level={issue.level} />
            <StatusBadge status={issue.status} />
            <SubstatusBadge substatus={issue.substatus} />
            <PriorityControl issueId={issue.id} priority={issue.priority} />
            <span className="text-xs text-muted-foreground">
              <Link href={`/projects/${project.slug}`} prefetch={false} className="hover:underline">
                <IdentifierText value={project.name} />
              </Link>{" "}
              · issue #{issue.id}
            </span>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight break-words">{issue.title}</h1>
          {issue.culprit ? (
            <p className="font-mono text-sm wrap-break-word text-muted-foreground">
              <IdentifierText value={issue.culprit} />
            </p>
          ) : null}
          {state ? (
            <p className="text-sm text-muted-foreground">
              {issue.status === "resolved" ? "Resolved" : "Ignored"} {state}.
            </p>
          ) : null}
          {suspectCommit ? <SuspectCommitLine commit={suspectCommit} /> : null}
        </div>
        <section aria-label="Assignee" className="max-w-full min-w-0 shrink-0">
          <AssigneeForm issueId={issue.id} assignee={details.assignee} assign={assignIssueAction} />
        </section>
      </header>
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
        <div className="mb-4 flex flex-wrap items-center gap-2">
          <IssueActions
            issueId={issue.id}
            status={issue.status}
            projectSlug={project.slug}
            releases={releases}
            actions={{ resolve: resolveIssueAction, ignore: ignoreIssueAction, reopen: reopenIssueAction, bulk: bulkIssueAction }}
          />
          <BookmarkToggle issueId={issue.id} isBookmarked={details.isBookmarked} />
          <CopyForLlms issueId={issue.id} eventId={event?.eventId ?? null} />
        </div>
      )}
      {event ? <HighlightedTags payload={event.payload} /> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <Card aria-labelledby="event-title" className="min-w-0">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <CardTitle id="event-title">{eventTitle}</CardTitle>
                {event ? (
                  <CardDescription>
                    <Tooltip content="Permalink to this event" describes>
                      <Link href={eventBase!} prefetch={false} className="font-mono wrap-break-word underline-offset-2 hover:underline">
                        {event.eventId}
                      </Link>
                    </Tooltip>{" "}
                    · <RelativeTime time={event.timestamp} /> · {formatTimestamp(event.timestamp)} · {eventCount.toLocaleString("en")} {eventCount === 1 ? "event" : "events"} stored
                  </CardDescription>
                ) : null}
                {event ? <EventTraceAndDigest payload={event.payload} /> : null}
              </div>
              {event ? (
                <div className="flex flex-wrap items-center gap-2">
                  <EventNavigation
                    eventsBase={eventsBase}
                    currentEventId={event.eventId}
                    oldestEventId={event.oldestEventId}
                    olderEventId={event.olderEventId}
                    newerEventId={event.newerEventId}
                    latestEventId={event.latestEventId}
                  />
                  <Button asChild variant="secondary" size="sm">
                    <a href={`${eventBase}/json`} download>
                      <Download aria-hidden className="h-3.5 w-3.5" />
                      Download JSON
                    </a>
                  </Button>
                </div>
              ) : null}
            </div>
            {event ? (
              <EventDetails
                payload={event.payload}
                timestamp={event.timestamp}
                attachments={attachments}
                attachmentsBase={`${eventBase}/attachments`}
                resolution={resolution}
                fingerprintUse={grouping ? describeFingerprintUse(grouping.variants, event.groupHash) : null}
              />
            ) : (
              <CardDescription>No event of this issue is stored any more (older events are removed by the retention settings).</CardDescription>
            )}
            {/* Hashes first: the short tab; the grouping's component tree is long and read less often. */}
            <Tabs defaultValue="hashes" className="mt-5">
              <TabsList aria-label="Grouping and raw data">
                <TabsTrigger value="hashes">Hashes</TabsTrigger>
                {grouping ? <TabsTrigger value="grouping">Grouping</TabsTrigger> : null}
                {event ? <TabsTrigger value="json">JSON</TabsTrigger> : null}
              </TabsList>
              {grouping ? (
                <TabsContent value="grouping">
                  <section aria-labelledby="grouping">
                    <h3 id="grouping" className="text-sm font-semibold">
                      Why grouped this way
                    </h3>
                    <p className="mt-1 mb-4 text-sm text-muted-foreground">
                      This event&apos;s grouping, computed with the project&apos;s current rules. Each variant that contributes gives a hash; an event joins the issue that owns one of its hashes.
                    </p>
                    <GroupingExplanation grouping={grouping} eventHash={event?.groupHash ?? null} />
                  </section>
                </TabsContent>
              ) : null}
              <TabsContent value="hashes">
                <section aria-label="Hashes">
                  <IssueHashes issueId={issue.id} projectSlug={project.slug} hashes={hashes} eventHash={event?.groupHash ?? null} unmerge={unmergeHashesAction} />
                </section>
              </TabsContent>
              {event ? (
                <TabsContent value="json">
                  <RawEventJson payload={event.payload} />
                </TabsContent>
              ) : null}
            </Tabs>
          </Card>
          <IssueFeedback feedback={extras.feedback} projectSlug={project.slug} />
          {replays ? <IssueReplays replays={replays} /> : null}
          {logsAround ? <LogsAroundEvent logs={logsAround} /> : null}
        </div>

        <div className="min-w-0 space-y-6">
          <WhatStandsOut hints={extras.hints} projectSlug={project.slug} />
          <Card aria-labelledby="issue-facts" className="p-4">
            <CardTitle id="issue-facts" className="mb-4">
              Facts
            </CardTitle>
            {extras.inEnvironment ? (
              <p className="-mt-2 mb-3 text-xs text-muted-foreground" data-testid="issue-environment-scope">
                Events, users and volume in <strong className="font-medium text-foreground">{extras.inEnvironment.environment}</strong>, the environment picked in the header; tags count every
                environment.
              </p>
            ) : null}
            <IssueFacts
              timesSeen={extras.inEnvironment?.timesSeen ?? issue.times_seen}
              usersSeen={extras.inEnvironment?.usersSeen ?? issue.users_seen}
              firstSeen={issue.first_seen}
              lastSeen={issue.last_seen}
              firstRelease={issue.first_release}
              lastRelease={issue.last_release}
              environments={environments}
            />
          </Card>
          <Card aria-labelledby="issue-volume" className="min-w-0 p-4">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <CardTitle id="issue-volume">Event volume</CardTitle>
              <ChartRangeSwitch label="Chart range" ranges={ranges} current={range} path={path} parameter="volume" />
            </div>
            <VolumeChart buckets={volume.buckets} bucketMs={volume.bucketMs} period={period} />
          </Card>
          {/* On a phone these come after the whole event: folded there until asked for (FoldOnPhone). */}
          <Card aria-labelledby="tag-distribution" className="p-4">
            <FoldOnPhone title={<CardTitle id="tag-distribution">Tag distribution</CardTitle>} label="tag distribution">
              <CardDescription className="mb-4">The most common values across this issue&apos;s events.</CardDescription>
              <TagDistribution tags={tags} eventTags={event ? readTags(event.payload) : []} />
            </FoldOnPhone>
          </Card>
          <Card aria-labelledby="comments" className="p-4">
            <FoldOnPhone title={<CardTitle id="comments">Comments</CardTitle>} label="comments">
              <div className="mt-3">
                <IssueComments issueId={issue.id} comments={comments} addComment={addCommentAction} />
              </div>
            </FoldOnPhone>
          </Card>
          <Card aria-labelledby="participants" className="p-4">
            <FoldOnPhone title={<CardTitle id="participants">Participants</CardTitle>} label="participants">
              <div className="mt-3">
                <IssueParticipants actors={participants} />
              </div>
            </FoldOnPhone>
          </Card>
          <Card aria-labelledby="activity" className="p-4">
            <FoldOnPhone title={<CardTitle id="activity">Activity</CardTitle>} label="activity">
              <div className="mt-4">
                <ActivityList activity={activity} />
              </div>
            </FoldOnPhone>
          </Card>
          <IssueKeyboardShortcuts olderHref={event?.olderEventId ? `${eventsBase}/${event.olderEventId}` : null} newerHref={event?.newerEventId ? `${eventsBase}/${event.newerEventId}` : null} />
        </div>
      </div>
    </>
  );
}
