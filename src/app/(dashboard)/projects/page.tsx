import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatRelativeTime } from "@/lib/format-time";
import { getAppContext } from "@/server/app-context";
import { listProjects } from "@/server/projects/list-projects";

export const metadata: Metadata = { title: "Projects" };

export default async function ProjectsPage() {
  const { db } = await getAppContext();
  const projects = await listProjects(db);
  const userProjects = projects.filter((project) => !project.isInternal);
  return (
    <>
      <PageHeader
        title="Projects"
        description="Each project has its own DSN. Point a Sentry SDK at it and its errors arrive here."
        actions={
          <Button asChild>
            <Link href="/projects/new">Create project</Link>
          </Button>
        }
      />
      {userProjects.length === 0 ? (
        <div className="mb-6">
          <EmptyState
            title="No projects yet"
            action={
              <Button asChild>
                <Link href="/projects/new">Create a project</Link>
              </Button>
            }
          >
            Create a project to get a DSN, then paste the DSN into your app&apos;s Sentry SDK. Nothing else changes in your code.
          </EmptyState>
        </div>
      ) : null}
      <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Projects">
        {projects.map((project) => (
          <li key={project.id} className="flex items-center gap-4 px-5 py-4">
            <div className="min-w-0 flex-1">
              <Link href={`/projects/${project.slug}`} prefetch={false} className="font-medium hover:underline">
                {project.name}
              </Link>
              <div className="mt-0.5 flex items-center gap-2 text-xs text-muted-foreground">
                <Badge>{project.platform}</Badge>
                {project.isInternal ? <span>Lantern&apos;s own diagnostics</span> : null}
              </div>
            </div>
            <div className="text-right text-sm">
              <div>
                <span className="font-semibold tabular-nums">{project.receivedLast24h}</span> <span className="text-muted-foreground">envelopes in 24 h</span>
              </div>
              <div className="text-xs text-muted-foreground">{project.lastReceivedAt ? `last ${formatRelativeTime(project.lastReceivedAt)}` : "nothing received yet"}</div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
