import { listIssueFeedback } from "../feedback/list-issue-feedback";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getAppContext } from "../app-context";
import { getIssueEvent, type EventChoice } from "../events/get-issue-event";
import { isAppError } from "../errors";
import { listEventAttachments } from "../events/list-event-attachments";
import { explainGrouping } from "../issues/explain-grouping";
import { getIssueDetails, type IssueDetails } from "../issues/get-issue-details";
import { getIssueHints } from "../issues/get-issue-hints";
import { getIssueInEnvironment } from "../issues/get-issue-in-environment";
import { getIssueTagDistribution } from "../issues/get-issue-tag-distribution";
import { getIssueVolume, type VolumeRange } from "../issues/get-issue-volume";
import { listIssueComments } from "../issues/list-issue-comments";
import { listIssueReleases } from "../issues/list-issue-releases";
import { findSuspectCommit } from "../releases/find-suspect-commit";
import type { IssueEvent } from "../events/get-issue-event";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { resolveStoredEvent } from "../sourcemaps/resolve-stored-event";
import type { IssuePageExtras } from "@/lib/views/issues";

const issueIdPattern = /^[1-9]\d{0,14}$/;
const eventIdPattern = /^(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A verb's not_found becomes the router's 404; anything else is a bug and is thrown. */
export function notFoundOnMissing(error: unknown): never {
  if (isAppError(error) && error.code === "not_found") notFound();
  throw error;
}

/**
 * The issue named by the URL, once per request (the layout, metadata and page share it): a malformed or
 * unknown id, an unknown project, or an issue of another project than the slug names, is a 404. The
 * layout awaits it outside the page's loading boundary, so these 404s are sent before anything streams.
 */
export const loadIssue = cache(async (projectSlug: string, issueId: string) => {
  const context = await getAppContext();
  if (!issueIdPattern.test(issueId)) notFound();
  const { project } = await loadProjectPage(context, projectSlug);
  const details = await getIssueDetails(context, Number(issueId)).catch(notFoundOnMissing);
  if (details.issue.project_id !== project.id) notFound();
  return details;
});

/** The event segments of `/events/[[...eventId]]`, joined: none or `latest`, `oldest`, or an event id; anything else is a 404. */
function parseEventChoice(path: string): EventChoice {
  if (path === "" || path === "latest" || path === "oldest") return path === "oldest" ? "oldest" : "latest";
  if (!eventIdPattern.test(path)) notFound();
  return { eventId: path.replaceAll("-", "").toLowerCase() };
}

/**
 * One event of the issue named by the URL (null: the issue has no stored event), once per request; an
 * event id the issue does not have is a 404. `eventPath` is the `[[...eventId]]` segments joined by "/".
 */
export const loadIssueEvent = cache(async (projectSlug: string, issueId: string, eventPath: string) => {
  const { issue, project } = await loadIssue(projectSlug, issueId);
  const event = parseEventChoice(eventPath);
  return getIssueEvent(await getAppContext(), { projectId: project.id, issueId: issue.id, event }).catch(notFoundOnMissing);
});

/** `?volume=30d` switches the chart to 30 days by day; anything else is the default 24 hours. */
export function parseVolumeRange(value: string | string[] | undefined): "24h" | "30d" {
  return value === "30d" ? "30d" : "24h";
}

export type { IssuePageExtras } from "@/lib/views/issues";

/** The event page shows the stored frames when resolving them fails (the event itself was authorized already). */
function withoutResolution(error: unknown): null {
  console.error("lantern: resolving the event's frames for the page failed", error);
  return null;
}

/** What the issue page shows beside the issue and its event, each read through its verb as the viewer. */
export async function loadIssuePageExtras(details: IssueDetails, event: IssueEvent | null, range: VolumeRange): Promise<IssuePageExtras> {
  const context = await getAppContext();
  const { issue, project } = details;
  const environment = context.viewer.environmentFilter ?? null;
  const [volume, inEnvironment, tags, comments, releases, hints, feedback, suspectCommit] = await Promise.all([
    environment ? null : getIssueVolume(context, issue.id, { range }),
    environment ? getIssueInEnvironment(context, issue.id, environment, { range }) : null,
    getIssueTagDistribution(context, issue.id),
    listIssueComments(context, issue.id),
    listIssueReleases(context, issue.id),
    getIssueHints(context, issue.id),
    listIssueFeedback(context, issue.id, 20),
    findSuspectCommit(context, issue.id),
  ]);
  const [attachments, grouping, resolution] = event
    ? await Promise.all([listEventAttachments(context, { projectId: project.id, eventId: event.eventId }), explainGrouping(context, project.id, event.payload), resolveStoredEvent(context, project.id, event.payload).catch(withoutResolution)])
    : [[], null, null];
  return { volume: inEnvironment?.volume ?? volume!, inEnvironment, tags, comments, attachments, grouping, resolution, releases, hints, feedback, suspectCommit };
}
