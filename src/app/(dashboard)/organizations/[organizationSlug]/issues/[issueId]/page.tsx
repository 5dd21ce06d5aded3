import { notFound, redirect } from "next/navigation";
import { getAppContext } from "@/server/app-context";
import { findIssuePagePath } from "@/server/issues/find-issue-page-path";

interface OrganizationIssueLinkProps {
  params: Promise<{ organizationSlug: string; issueId: string }>;
}

/**
 * `/organizations/{org}/issues/{id or SHORT-ID}/`, the issue links Sentry's tools print (its MCP server,
 * sentry-cli): a redirect to the issue's page for a viewer who can see it, the not-found page otherwise.
 */
export default async function OrganizationIssueLink({ params }: OrganizationIssueLinkProps) {
  const { organizationSlug, issueId } = await params;
  const path = await findIssuePagePath(await getAppContext(), { organizationSlug: decodeURIComponent(organizationSlug), issueRef: decodeURIComponent(issueId) });
  if (!path) notFound();
  redirect(path);
}
