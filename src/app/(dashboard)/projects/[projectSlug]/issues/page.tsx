import type { Metadata } from "next";
import { IssueListScreen } from "@/components/issues/list/issue-list-screen";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { getAppContext } from "@/server/app-context";
import { issueListParams } from "@/server/issues/search/issue-list-params";
import { loadIssueList } from "@/server/issues/search/load-issue-list";
import { bulkIssueAction } from "../../../issues/actions";
import { deleteSavedSearchAction, saveSearchAction } from "../../../issues/saved-searches/actions";
import { listSavedSearches } from "@/server/issues/saved-searches/list-saved-searches";
import { loadProjectPage } from "@/server/pages/load-project-page";

interface ProjectIssuesPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProjectIssuesPageProps): Promise<Metadata> {
  return { title: `Issues · ${(await params).projectSlug}` };
}

/** One project's issues: the same list, search and bulk actions as /issues, narrowed to the project. */
export default async function ProjectIssuesPage({ params, searchParams }: ProjectIssuesPageProps) {
  const { projectSlug } = await params;
  const { query, sort, cursor } = issueListParams.parse(await searchParams);
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const data = await loadIssueList(context, { projectId: project.id, query, sort, cursor, environment: context.viewer.environmentFilter });
  const savedSearches = await listSavedSearches(context, { projectId: project.id });

  return (
    <>
      <PageHeader title={project.name} description={<span className="font-mono">{project.slug}</span>} />
      <ProjectNav slug={project.slug} current="issues" />
      <IssueListScreen
        basePath={`/projects/${project.slug}/issues`}
        data={data}
        sort={sort}
        project={{ slug: project.slug, id: project.id }}
        isLaterPage={Boolean(cursor)}
        action={bulkIssueAction}
        savedSearches={{ list: savedSearches, canShare: context.viewer.permissions.has("admin"), saveAction: saveSearchAction, deleteAction: deleteSavedSearchAction }}
      />
    </>
  );
}
