import type { Metadata } from "next";
import { LogExplorerScreen } from "@/components/logs/log-explorer-screen";
import { PageHeader } from "@/components/shell/page-header";
import { getAppContext } from "@/server/app-context";
import { logExplorerParams, logRanges } from "@/server/logs/explorer-params";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { loadLogExplorer } from "@/server/logs/load-log-explorer";
import { deleteLogSearchAction, saveLogSearchAction } from "./saved-searches/actions";

export const metadata: Metadata = { title: "Logs" };

interface LogsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `/logs`: the log lines of every project the viewer sees (logs explorer). */
export default async function LogsPage({ searchParams }: LogsPageProps) {
  const params = logExplorerParams(await searchParams);
  const context = await getAppContext();
  const data = await loadLogExplorer(context, params, { environment: context.viewer.environmentFilter });
  const savedSearches = await listSavedSearches(context, { projectId: null, kind: "logs" });
  return (
    <>
      <PageHeader title="Logs" description="Log lines the SDKs and OpenTelemetry sent, of every project you can see. Search text, key:value, has:key, severity:, trace:." />
      <LogExplorerScreen basePath="/logs" state={params} ranges={Object.keys(logRanges)} data={data} savedSearches={{ list: savedSearches, canShare: context.viewer.permissions.has("admin"), saveAction: saveLogSearchAction, deleteAction: deleteLogSearchAction }} />
    </>
  );
}
