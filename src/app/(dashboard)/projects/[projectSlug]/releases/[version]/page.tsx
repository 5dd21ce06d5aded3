import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { ProjectNav } from "@/components/projects/project-nav";
import { RelativeTime } from "@/components/issues/relative-time";
import { ReleaseCharts } from "@/components/releases/release-charts";
import { ReleaseCommits } from "@/components/releases/release-commits";
import { ReleaseDeploys } from "@/components/releases/release-deploys";
import { ReleaseHealthSummary } from "@/components/releases/release-health-summary";
import { ReleaseIssueList } from "@/components/releases/release-issue-list";
import { PageHeader } from "@/components/shell/page-header";
import { EnvironmentScopeNote } from "@/components/shell/environment-scope-note";
import { IdentifierText } from "@/components/ui/identifier-text";
import { environmentScope } from "@/lib/environment-filter";
import { searchFilter } from "@/lib/search-filter";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { getReleasePage } from "@/server/releases/get-release-page";
import { listReleaseCommits } from "@/server/releases/list-release-commits";

interface ReleasePageProps {
  params: Promise<{ projectSlug: string; version: string }>;
}

/** One lookup per request, shared by the metadata and the page, so a missing release is a 404 before streaming. */
const loadRelease = cache(async (projectSlug: string, version: string) => {
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const release = await getReleasePage(context, project.id, version, { environment: context.viewer.environmentFilter }).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  return { project, release, environment: environmentScope(context.viewer.environmentFilter, false) };
});

export async function generateMetadata({ params }: ReleasePageProps): Promise<Metadata> {
  const { projectSlug, version } = await params;
  return { title: `${decodeURIComponent(version)} · ${projectSlug} releases` };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** `/projects/{slug}/releases/{version}`: how one release is doing, what it broke and fixed, where it runs. */
export default async function ReleasePage({ params }: ReleasePageProps) {
  const { projectSlug, version } = await params;
  const { project, release, environment } = await loadRelease(projectSlug, decodeURIComponent(version));
  const commits = await listReleaseCommits(await getAppContext(), project.id, release.version);
  const issuesHref = `/projects/${project.slug}/issues?${new URLSearchParams({ query: searchFilter("release", release.version) }).toString()}`;
  return (
    <>
      <PageHeader
        title={release.version}
        description={
          <>
            <IdentifierText value={project.name} />: first seen <RelativeTime time={release.firstSeen} />
            {release.dateReleased !== null ? (
              <>
                {" "}
                · released <RelativeTime time={release.dateReleased} />
              </>
            ) : null}
            {" · "}
            <Link href={issuesHref} prefetch={false} className="underline-offset-2 hover:underline">
              events of this release
            </Link>
          </>
        }
      />
      <ProjectNav slug={project.slug} current="releases" />
      <EnvironmentScopeNote scope={environment} />
      <div className="space-y-8">
        <Section title="Health, last 14 days">
          <ReleaseHealthSummary health={release.health} />
        </Section>
        <Section title="Over time">
          <ReleaseCharts days={release.days} />
        </Section>
        <Section title="New issues">
          <ReleaseIssueList label="New issues" issues={release.newIssues} projectSlug={project.slug} empty="No issue was first seen in this release." />
        </Section>
        <Section title="Regressed issues">
          <ReleaseIssueList label="Regressed issues" issues={release.regressedIssues} projectSlug={project.slug} empty="No resolved issue came back in this release." />
        </Section>
        <Section title="Resolved issues">
          <ReleaseIssueList label="Resolved issues" issues={release.resolvedIssues} projectSlug={project.slug} empty="No issue was resolved in this release." />
        </Section>
        <Section title="Deploys">
          <ReleaseDeploys deploys={release.deploys} />
        </Section>
        <ReleaseCommits commits={commits} />
      </div>
    </>
  );
}
