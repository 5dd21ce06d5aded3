import type { Metadata } from "next";
import { IssuePageView } from "@/components/issues/issue-page-view";
import { loadIssue, loadIssueEvent, loadIssuePageExtras, parseVolumeRange } from "@/server/pages/load-issue";
import { loadLogsAroundEvent } from "@/server/pages/load-logs-around-event";
import { loadIssueReplays } from "@/server/pages/load-replays-page";

interface EventPageProps {
  params: Promise<{ projectSlug: string; issueId: string; eventId?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: EventPageProps): Promise<Metadata> {
  const { projectSlug, issueId, eventId } = await params;
  const [{ issue }, event] = await Promise.all([loadIssue(projectSlug, issueId), loadIssueEvent(projectSlug, issueId, (eventId ?? []).join("/"))]);
  return { title: event ? `Event ${event.eventId.slice(0, 8)} · ${issue.title}` : issue.title };
}

/**
 * `/projects/{slug}/issues/{id}/events/[latest|oldest|{eventId}]`: the issue page showing one event — an
 * event's permalink (no segment is the latest).
 */
export default async function IssueEventPage({ params, searchParams }: EventPageProps) {
  const { projectSlug, issueId, eventId } = await params;
  const eventPath = (eventId ?? []).join("/");
  const [details, event] = await Promise.all([loadIssue(projectSlug, issueId), loadIssueEvent(projectSlug, issueId, eventPath)]);
  const volume = parseVolumeRange((await searchParams).volume);
  const path = `/projects/${details.project.slug}/issues/${details.issue.id}/events${eventPath ? `/${encodeURIComponent(eventPath)}` : ""}`;
  const extras = await loadIssuePageExtras(details, event, volume);
  // Not awaited: the log lines stream in after the page (Suspense in LogsAroundEvent).
  const logsAround = event ? loadLogsAroundEvent(details.issue.id, event.eventId) : null;
  return <IssuePageView details={details} event={event} volume={volume} extras={extras} logsAround={logsAround} replays={loadIssueReplays(details.issue.id)} path={path} />;
}
