import type { Metadata } from "next";
import { ProjectNav } from "@/components/projects/project-nav";
import { ReplayListScreen } from "@/components/replays/replay-list-screen";
import { PageHeader } from "@/components/shell/page-header";
import { IdentifierText } from "@/components/ui/identifier-text";
import { replayListState } from "@/lib/replay-list-params";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { loadReplayList, replaySetupDsn } from "@/server/pages/load-replays-page";

interface ProjectReplaysPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectReplaysPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} replays` };
}

/** `/projects/{slug}/replays`: the session replays of one project. */
export default async function ProjectReplaysPage({ params, searchParams }: ProjectReplaysPageProps) {
  const { projectSlug } = await params;
  const state = replayListState(await searchParams);
  const context = await getAppContext();
  const { project, keys } = await loadProjectPage(context, projectSlug, "replay.list");
  const data = await loadReplayList(context, state, project.slug);
  return (
    <>
      <PageHeader
        title="Replays"
        description={
          <>
            <IdentifierText value={project.name} />: recorded browser sessions (Session Replay), what the user did before an error.
          </>
        }
      />
      <ProjectNav slug={project.slug} current="replays" />
      <ReplayListScreen basePath={`/projects/${project.slug}/replays`} state={state} data={data} showProject={false} setupDsn={data.replays.length === 0 ? replaySetupDsn(context, project, keys) : null} />
    </>
  );
}
