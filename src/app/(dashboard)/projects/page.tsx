import type { Metadata } from "next";
import Link from "next/link";
import { AssignedToMe } from "@/components/issues/assigned-to-me";
import { ProjectList } from "@/components/projects/project-list";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { projectsPrompt } from "@/lib/projects-prompt";
import { getAppContext } from "@/server/app-context";
import { listAssignedToMe } from "@/server/issues/owners/list-assigned-to-me";
import { listProjectsWithStats } from "@/server/projects/list-projects-with-stats";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const context = await getAppContext();
  const { viewer } = context;
  const projects = await listProjectsWithStats(context);
  const assigned = await listAssignedToMe(context);
  const prompt = projectsPrompt(projects);
  return (
    <>
      <PageHeader
        title="Projects"
        description="Each project has its own DSN. Point a Sentry SDK at it and its errors arrive here."
        actions={
          viewer.permissions.has("admin") ? (
            <Button asChild>
              <Link href="/projects/new">Create project</Link>
            </Button>
          ) : null
        }
      />
      {prompt === null ? null : (
        <div className="mb-6">
          <EmptyState
            title={prompt.title}
            action={
              <Button asChild>
                <Link href="/projects/new">Create a project</Link>
              </Button>
            }
          >
            {prompt.text}
          </EmptyState>
        </div>
      )}
      <ProjectList projects={projects} />
      <AssignedToMe issues={assigned} />
    </>
  );
}
