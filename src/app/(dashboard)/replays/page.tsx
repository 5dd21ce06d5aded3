import type { Metadata } from "next";
import { ReplayListScreen } from "@/components/replays/replay-list-screen";
import { PageHeader } from "@/components/shell/page-header";
import { replayListState } from "@/lib/replay-list-params";
import { getAppContext } from "@/server/app-context";
import { loadReplayList } from "@/server/pages/load-replays-page";

export const metadata: Metadata = { title: "Replays" };

/** `/replays`: the session replays of every project the viewer sees. */
export default async function ReplaysPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const state = replayListState(await searchParams);
  const context = await getAppContext();
  const data = await loadReplayList(context, state);
  return (
    <>
      <PageHeader title="Replays" description="Recorded browser sessions (Session Replay) of every project you can see: what the user did before an error." />
      <ReplayListScreen basePath="/replays" state={state} data={data} showProject setupDsn={null} />
    </>
  );
}
