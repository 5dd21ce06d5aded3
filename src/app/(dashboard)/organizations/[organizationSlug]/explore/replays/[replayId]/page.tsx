import { notFound, redirect } from "next/navigation";
import { replayPagePath } from "@/server/api/replays/replay-page-path";
import { getConfig } from "@/server/config";

interface ExploreReplayLinkProps {
  params: Promise<{ organizationSlug: string; replayId: string }>;
}

/** `/organizations/{org}/explore/replays/{id}/`, the replay link Sentry's MCP server prints: a redirect to the replay's page. */
export default async function ExploreReplayLink({ params }: ExploreReplayLinkProps) {
  const { organizationSlug, replayId } = await params;
  const path = replayPagePath(getConfig(), { organizationSlug: decodeURIComponent(organizationSlug), replayId: decodeURIComponent(replayId) });
  if (!path) notFound();
  redirect(path);
}
