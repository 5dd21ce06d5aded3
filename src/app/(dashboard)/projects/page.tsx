import type { Metadata } from "next";
import Link from "next/link";
import { ProjectList } from "@/components/projects/project-list";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { getAppContext } from "@/server/app-context";
import { listProjectsWithStats } from "@/server/projects/list-projects-with-stats";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const context = await getAppContext();
  const { viewer } = context;
  const projects = await listProjectsWithStats(context);
  const hasUserProjects = projects.some((project) => !project.isInternal);
  // The built-in project is listed below the prompt, so the prompt must not say there are no projects.
  const listsInternalProject = projects.some((project) => project.isInternal);
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
      {hasUserProjects ? null : (
        <div className="mb-6">
          <EmptyState
            title="Create your first project"
            action={
              <Button asChild>
                <Link href="/projects/new">Create a project</Link>
              </Button>
            }
          >
            {listsInternalProject ? "The Lantern project below holds Lantern’s own errors. " : null}Create a project for your app to get its DSN, then paste the DSN into your app&apos;s Sentry SDK. Nothing else changes in your code.
          </EmptyState>
        </div>
      )}
      <ProjectList projects={projects} />
    </>
  );
}
