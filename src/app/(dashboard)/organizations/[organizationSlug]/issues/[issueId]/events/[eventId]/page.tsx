import { notFound, redirect } from "next/navigation";
import { getAppContext } from "@/server/app-context";
import { findIssuePagePath } from "@/server/issues/find-issue-page-path";

interface OrganizationIssueEventLinkProps {
  params: Promise<{ organizationSlug: string; issueId: string; eventId: string }>;
}

/** `/organizations/{org}/issues/{id}/events/{eventId}/`, Sentry's event links: to the event on the issue's page. */
export default async function OrganizationIssueEventLink({ params }: OrganizationIssueEventLinkProps) {
  const { organizationSlug, issueId, eventId } = await params;
  const path = await findIssuePagePath(await getAppContext(), { organizationSlug: decodeURIComponent(organizationSlug), issueRef: decodeURIComponent(issueId), eventId: decodeURIComponent(eventId) });
  if (!path) notFound();
  redirect(path);
}
