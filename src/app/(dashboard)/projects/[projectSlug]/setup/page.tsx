import type { Metadata } from "next";
import Link from "next/link";
import { ProjectNav } from "@/components/projects/project-nav";
import { SdkSetupSteps } from "@/components/projects/sdk-setup-steps";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { sdkSnippets } from "@/lib/sdk-snippets";
import { getAppContext } from "@/server/app-context";
import { buildDsn } from "@/server/projects/build-dsn";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ProjectSetupPageProps {
  params: Promise<{ projectSlug: string }>;
  searchParams: Promise<{ platform?: string | string[] }>;
}

export async function generateMetadata({ params }: ProjectSetupPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} setup` };
}

/** /projects/{slug}/setup?platform=python: one platform at a time, the project's own by default. */
export default async function ProjectSetupPage({ params, searchParams }: ProjectSetupPageProps) {
  const { projectSlug } = await params;
  const { platform: requested } = await searchParams;
  const context = await getAppContext();
  const { config } = context;
  const { project, keys } = await loadProjectPage(context, projectSlug);
  const key = keys.find((candidate) => candidate.is_active === 1);
  const header = <PageHeader title="Set up an SDK" description={<>Send <IdentifierText value={project.name} />&apos;s errors to Lantern with the official Sentry SDK. Only the DSN is Lantern&apos;s; the rest is the SDK&apos;s usual setup.</>} />;

  if (!key) {
    return (
      <>
        {header}
        <ProjectNav slug={project.slug} current="setup" />
        <EmptyState
          title="No active key"
          action={
            <Button asChild>
              <Link href={`/projects/${project.slug}/keys`} prefetch={false}>
                Manage client keys
              </Link>
            </Button>
          }
        >
          Every key of this project is disabled, so Lantern refuses whatever is sent to it. Enable a key or create one to get a DSN.
        </EmptyState>
      </>
    );
  }

  const dsn = buildDsn(config.publicUrl, key.public_key, project.id);
  const snippets = sdkSnippets(dsn);
  const selected =
    snippets.find((snippet) => snippet.platform === (Array.isArray(requested) ? requested[0] : requested)) ?? snippets.find((snippet) => snippet.platform === project.platform) ?? snippets[0]!;
  const activeKeys = keys.filter((candidate) => candidate.is_active === 1).length;

  return (
    <>
      {header}
      <ProjectNav slug={project.slug} current="setup" />
      <div className="max-w-4xl space-y-6">
        <Card>
          <CardTitle>DSN</CardTitle>
          <CardDescription>
            Of the key “{key.label}”
            {activeKeys > 1 ? ` (one of ${activeKeys} active keys)` : ""}. Each snippet below already contains it;{" "}
            <Link href={`/projects/${project.slug}/keys`} prefetch={false} className="text-primary hover:underline">
              client keys
            </Link>{" "}
            lists every key.
          </CardDescription>
          <div className="mt-3">
            <CodeBlock code={dsn} label="DSN" />
          </div>
        </Card>
        <Card>
          <nav aria-label="Platforms" className="-mt-1 mb-5 flex flex-wrap gap-1 border-b border-border">
            {snippets.map((snippet) => {
              const isSelected = snippet === selected;
              return (
                <Link
                  key={snippet.platform}
                  href={`/projects/${project.slug}/setup?platform=${snippet.platform}`}
                  prefetch={false}
                  scroll={false}
                  replace
                  aria-current={isSelected ? "page" : undefined}
                  className={cn(
                    "-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isSelected && "border-primary font-medium text-foreground",
                  )}
                >
                  {snippet.title}
                </Link>
              );
            })}
          </nav>
          <h2 className="mb-4 text-base font-semibold">
            {selected.title}
            {selected.platform === project.platform ? <span className="ml-2 text-xs font-normal text-muted-foreground">this project&apos;s platform</span> : null}
          </h2>
          <SdkSetupSteps snippet={selected} projectSlug={project.slug} />
        </Card>
      </div>
    </>
  );
}
