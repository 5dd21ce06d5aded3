import type { Metadata } from "next";
import { ProjectNav } from "@/components/projects/project-nav";
import { ReleaseTable } from "@/components/releases/release-table";
import { PageHeader } from "@/components/shell/page-header";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import { EmptyState } from "@/components/ui/empty-state";
import { environmentScope } from "@/lib/environment-filter";
import { getAppContext } from "@/server/app-context";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { listProjectReleases } from "@/server/releases/list-project-releases";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ProjectReleasesPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: ProjectReleasesPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} releases` };
}

/** `/projects/{slug}/releases`: what each version shipped and how it is doing (sessions of the last 14 days). */
export default async function ProjectReleasesPage({ params }: ProjectReleasesPageProps) {
  const { projectSlug } = await params;
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const { releases, hasMore } = await listProjectReleases(context, project.id, { environment: context.viewer.environmentFilter });
  const environment = environmentScope(context.viewer.environmentFilter, false);
  return (
    <>
      <PageHeader
        title="Releases"
        description={
          <>
            <IdentifierText value={project.name} />: each version the SDK named in <code className="font-mono text-xs">release</code>, with its new issues and, where the SDK tracks sessions, its crash-free rate
            over the last 14 days.
          </>
        }
      />
      <ProjectNav slug={project.slug} current="releases" />
      <EnvironmentScopeNote scope={environment} />
      {releases.length === 0 && environment.applied ? (
        <EmptyState title="No release in this environment">Nothing of this project&apos;s releases was seen in {environment.applied}. Clear the environment filter in the header to see every release.</EmptyState>
      ) : releases.length === 0 ? (
        <EmptyState title="No release yet">
          Set <code className="font-mono text-xs">release</code> in the SDK&apos;s init (or create one with <code className="font-mono text-xs">sentry-cli releases new</code>): each event then names
          the version it came from, and the SDK&apos;s sessions show how many of its users crashed.
        </EmptyState>
      ) : (
        <div className="space-y-3">
          <ReleaseTable releases={releases} releaseHref={(version) => `/projects/${project.slug}/releases/${encodeURIComponent(version)}`} />
          {hasMore ? <p className="text-xs text-muted-foreground">The {releases.length} newest releases are shown; the API lists them all.</p> : null}
        </div>
      )}
    </>
  );
}
