import { notFound, redirect } from "next/navigation";
import { replayPagePath } from "@/server/api/replays/replay-page-path";
import { getConfig } from "@/server/config";

interface OrganizationReplayLinkProps {
  params: Promise<{ organizationSlug: string; replayId: string }>;
}

/** `/organizations/{org}/replays/{id}/`, a replay link as Sentry's tools print it: a redirect to the replay's page. */
export default async function OrganizationReplayLink({ params }: OrganizationReplayLinkProps) {
  const { organizationSlug, replayId } = await params;
  const path = replayPagePath(getConfig(), { organizationSlug: decodeURIComponent(organizationSlug), replayId: decodeURIComponent(replayId) });
  if (!path) notFound();
  redirect(path);
}
