import type { Metadata } from "next";
import Link from "next/link";
import { ProjectNav } from "@/components/projects/project-nav";
import { SourceMapBundleList } from "@/components/projects/source-map-bundle-list";
import { PageHeader } from "@/components/shell/page-header";
import { Card } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { sentryCliCommands } from "@/lib/source-map-commands";
import { getAppContext } from "@/server/app-context";
import { loadSourceMapsPage } from "@/server/pages/load-source-maps-page";
import { deleteSourceMapBundleAction } from "./actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface SourceMapsPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ cursor?: string | string[]; deleted?: string | string[] }>;
}

export async function generateMetadata({ params }: SourceMapsPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} source maps` };
}

/** Project settings → Source maps: the uploaded bundles (everyone who sees the project), deleted by owners and admins. */
export default async function SourceMapsPage({ params, searchParams }: SourceMapsPageProps) {
  const { projectSlug } = await params;
  const { cursor, deleted } = await searchParams;
  const { project, page, target, mayDelete, isFirstPage } = await loadSourceMapsPage(await getAppContext(), projectSlug, typeof cursor === "string" ? cursor : null);
  const commands = sentryCliCommands(target);
  return (
    <>
      <PageHeader
        title="Source maps"
        description={
          <>
            <IdentifierText value={project.name} />: the bundles sentry-cli and the bundler plugins uploaded. Digest maps minified frames back to the original files with them (
            <Link href="/docs/guides/source-maps" prefetch={false} className="hover:underline">
              how to upload
            </Link>
            ).
          </>
        }
      />
      <ProjectNav slug={project.slug} current="source-maps" />
      <div className="max-w-4xl space-y-6">
        {typeof deleted === "string" && /^\d{1,15}$/.test(deleted) ? (
          <p role="status" className="text-sm text-muted-foreground">
            Bundle {deleted} deleted.
          </p>
        ) : null}
        {page.bundles.length === 0 && isFirstPage ? (
          <EmptyState title="No source maps yet">
            <p>Upload the maps of each build with the unmodified sentry-cli (a token with the upload scope is enough), and this project&apos;s minified stack traces show the original files and lines.</p>
            <div className="mt-4 text-left">
              <CodeBlock code={commands} label="sentry-cli commands" />
            </div>
            <p className="mt-4">
              <Link href={`/docs/guides/source-maps?project=${encodeURIComponent(project.slug)}`} prefetch={false} className="underline">
                Source maps in the docs
              </Link>{" "}
              also covers withSentryConfig for Next.js, the Vite and webpack plugins, and tokens for CI.
            </p>
          </EmptyState>
        ) : (
          <Card>
            <SourceMapBundleList bundles={page.bundles} projectSlug={project.slug} remove={mayDelete ? deleteSourceMapBundleAction : undefined} />
            {page.nextCursor ? (
              <Link href={`/projects/${project.slug}/settings/source-maps?cursor=${encodeURIComponent(page.nextCursor)}`} prefetch={false} className="mt-4 inline-block text-sm underline">
                Older bundles
              </Link>
            ) : null}
          </Card>
        )}
      </div>
    </>
  );
}
