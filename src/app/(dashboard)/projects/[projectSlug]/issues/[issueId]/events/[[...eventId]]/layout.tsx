import type { ReactNode } from "react";
import { loadIssueEvent } from "@/server/pages/load-issue";

/** Resolves the event before the page streams, so an event id the issue does not have answers 404. */
export default async function IssueEventLayout({ params, children }: { params: Promise<{ projectSlug: string; issueId: string; eventId?: string[] }>; children: ReactNode }) {
  const { projectSlug, issueId, eventId } = await params;
  await loadIssueEvent(projectSlug, issueId, (eventId ?? []).join("/"));
  return children;
}
