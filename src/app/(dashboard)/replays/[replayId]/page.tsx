import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReplayFacts } from "@/components/replays/replay-facts";
import { ReplayPlayer } from "@/components/replays/replay-player";
import { PageHeader } from "@/components/shell/page-header";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { loadReplayPage } from "@/server/pages/load-replay-page";

export const metadata: Metadata = { title: "Replay" };

const replayIdPattern = /^[0-9a-fA-F]{32}$/;

function single(value: string | string[] | undefined): string | null {
  return typeof value === "string" ? value : null;
}

/** `/replays/{replayId}[?t=seconds|?event=eventId]`: one session replay, played in an isolated frame. */
export default async function ReplayPage({ params, searchParams }: { params: Promise<{ replayId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { replayId } = await params;
  const query = await searchParams;
  if (!replayIdPattern.test(replayId)) notFound();
  const context = await getAppContext();
  let data;
  try {
    data = await loadReplayPage(context, replayId.toLowerCase());
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  const { replay, errors } = data;
  const openAt = { t: single(query.t), event: single(query.event) };
  // Where the loader starts the player: 5 s before the error of `?event=`, else `?t=` seconds (the page's
  // timeline reckons the same from the recording's first event; the player clamps to the end).
  const eventId = openAt.event?.replaceAll("-", "").toLowerCase();
  const error = eventId ? errors.find((candidate) => candidate.eventId === eventId) : undefined;
  const startAtMs = Math.max(0, error ? error.timestampMs - replay.startedAt - 5_000 : (Number(openAt.t) || 0) * 1000);
  return (
    <>
      <PageHeader title={`Replay of ${replay.user.display || "an anonymous user"}`} description={replay.urls[0] ?? undefined} />
      <ReplayFacts replay={replay} />
      <ReplayPlayer replayId={replay.id} projectSlug={replay.projectSlug} errors={errors} openAt={openAt} startAtMs={startAtMs} />
    </>
  );
}
