import type { Metadata } from "next";
import { LogExplorerScreen } from "@/components/logs/log-explorer-screen";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { IdentifierText } from "@/components/ui/identifier-text";
import { getAppContext } from "@/server/app-context";
import { logExplorerParams, logRanges } from "@/server/logs/explorer-params";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { loadLogExplorer } from "@/server/logs/load-log-explorer";
import { deleteLogSearchAction, saveLogSearchAction } from "../../../logs/saved-searches/actions";
import { loadProjectPage } from "@/server/pages/load-project-page";

interface ProjectLogsPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectLogsPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} logs` };
}

/** `/projects/{slug}/logs`: the logs explorer of one project. */
export default async function ProjectLogsPage({ params, searchParams }: ProjectLogsPageProps) {
  const { projectSlug } = await params;
  const state = logExplorerParams(await searchParams);
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const data = await loadLogExplorer(context, state, { projectId: project.id, environment: context.viewer.environmentFilter });
  const savedSearches = await listSavedSearches(context, { projectId: project.id, kind: "logs" });
  return (
    <>
      <PageHeader
        title="Logs"
        description={
          <>
            <IdentifierText value={project.name} />: the log lines its SDKs sent (<code className="font-mono text-xs">enableLogs: true</code>) or OpenTelemetry exported.
          </>
        }
      />
      <ProjectNav slug={project.slug} current="logs" />
      <LogExplorerScreen basePath={`/projects/${project.slug}/logs`} projectId={project.id} state={state} ranges={Object.keys(logRanges)} data={data} savedSearches={{ list: savedSearches, canShare: context.viewer.permissions.has("admin"), saveAction: saveLogSearchAction, deleteAction: deleteLogSearchAction }} />
    </>
  );
}
