import type { Metadata } from "next";
import { IssueListScreen } from "@/components/issues/list/issue-list-screen";
import { PageHeader } from "@/components/shell/page-header";
import { getAppContext } from "@/server/app-context";
import { issueListParams } from "@/server/issues/search/issue-list-params";
import { listProjectChoices } from "@/server/issues/search/list-project-choices";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { deleteSavedSearchAction, saveSearchAction } from "./saved-searches/actions";
import { bulkIssueAction } from "./actions";

export const metadata: Metadata = { title: "Issues" };

interface IssuesPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** Issues of every project (or of the one chosen with ?project=), searched with the issue query language. */
export default async function IssuesPage({ searchParams }: IssuesPageProps) {
  const { query, sort, cursor, project: slug } = issueListParams.parse(await searchParams);
  const context = await getAppContext();
  const projects = await listProjectChoices(context);
  const project = slug ? projects.find((candidate) => candidate.slug === slug) : undefined;
  const data =
    slug && !project
      ? { queryText: query ?? "", now: 0, error: { message: `No project is called “${slug}”.`, position: null, length: 0 }, issues: [], nextCursor: null, live: null }
      : await loadIssueList(context, { projectId: project?.id, query, sort, cursor, environment: context.viewer.environmentFilter });
  // With the projects' searches: one saved here with a project chosen opens with it chosen again.
  const savedSearches = await listSavedSearches(context, { projectId: null, withProjects: true });

  return (
    <>
      <PageHeader title="Issues" description="Errors grouped into issues. Search with filters such as is:unresolved or level:error." />
      <IssueListScreen
        basePath="/issues"
        data={data}
        sort={sort}
        projects={projects}
        project={project}
        isLaterPage={Boolean(cursor)}
        action={bulkIssueAction}
        savedSearches={{ list: savedSearches, canShare: context.viewer.permissions.has("admin"), saveAction: saveSearchAction, deleteAction: deleteSavedSearchAction }}
      />
    </>
  );
}
