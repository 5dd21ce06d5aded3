import type { Metadata } from "next";
import { IssuePageView } from "@/components/issues/issue-page-view";
import { loadIssue, loadIssueEvent, loadIssuePageExtras, parseVolumeRange } from "@/server/pages/load-issue";
import { loadLogsAroundEvent } from "@/server/pages/load-logs-around-event";
import { loadIssueReplays } from "@/server/pages/load-replays-page";

interface IssuePageProps {
  params: Promise<{ projectSlug: string; issueId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: IssuePageProps): Promise<Metadata> {
  const { projectSlug, issueId } = await params;
  const { issue } = await loadIssue(projectSlug, issueId);
  return { title: issue.title };
}

/** `/projects/{slug}/issues/{id}`: the issue with its latest event. */
export default async function IssuePage({ params, searchParams }: IssuePageProps) {
  const { projectSlug, issueId } = await params;
  const [details, event] = await Promise.all([loadIssue(projectSlug, issueId), loadIssueEvent(projectSlug, issueId, "")]);
  const volume = parseVolumeRange((await searchParams).volume);
  const extras = await loadIssuePageExtras(details, event, volume);
  // Not awaited: the log lines stream in after the page (Suspense in LogsAroundEvent).
  const logsAround = event ? loadLogsAroundEvent(details.issue.id, event.eventId) : null;
  return <IssuePageView details={details} event={event} volume={volume} extras={extras} logsAround={logsAround} replays={loadIssueReplays(details.issue.id)} path={`/projects/${details.project.slug}/issues/${details.issue.id}`} />;
}
