import type { Metadata } from "next";
import { CreateProjectKeyForm } from "@/components/projects/create-project-key-form";
import { ProjectKeyCard } from "@/components/projects/project-key-card";
import { ProjectNav } from "@/components/projects/project-nav";
import { PageHeader } from "@/components/shell/page-header";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { getAppContext } from "@/server/app-context";
import { buildDsn } from "@/server/projects/build-dsn";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { changeProjectKeyAction, createProjectKeyAction, setProjectKeyRateLimitAction } from "./actions";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ProjectKeysPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: ProjectKeysPageProps): Promise<Metadata> {
  return { title: `${(await params).projectSlug} client keys` };
}

const keyActions = { change: changeProjectKeyAction, setRateLimit: setProjectKeyRateLimitAction };

function seconds(count: number): string {
  return count === 1 ? "1 second" : `${count} seconds`;
}

/** The keys a project has first (what a person comes to copy or disable), then the form for another. */
export default async function ProjectKeysPage({ params }: ProjectKeysPageProps) {
  const { projectSlug } = await params;
  const context = await getAppContext();
  const { config } = context;
  const { project, keys } = await loadProjectPage(context, projectSlug);
  const cacheSeconds = config.ingest.keyCacheSeconds;
  const isInternal = project.is_internal === 1;
  return (
    <>
      <PageHeader title="Client keys" description={<><IdentifierText value={project.name} />: each key is a DSN. Give each app or environment its own, so one can be disabled without the others.</>} />
      <ProjectNav slug={project.slug} current="keys" />
      <div className="max-w-3xl space-y-6">
        <p className="text-sm text-muted-foreground">
          Ingest keeps each key in memory for {seconds(cacheSeconds)} (<code className="font-mono text-xs">LANTERN_KEY_CACHE_SECONDS</code>): a disabled or rotated key stops working
          {cacheSeconds === 0 ? " at once" : ` within ${seconds(cacheSeconds)}`}, and a new rate limit applies after the same delay.
        </p>
        <ul aria-label="Client keys" className="space-y-4">
          {keys.map((key) => (
            <li key={key.id}>
              <ProjectKeyCard projectKey={key} dsn={buildDsn(config.publicUrl, key.public_key, project.id)} actions={keyActions} isInternalProject={isInternal} />
            </li>
          ))}
        </ul>
        <Card>
          <CardTitle>New key</CardTitle>
          <CardDescription>Its DSN works within a second.</CardDescription>
          <div className="mt-4">
            <CreateProjectKeyForm action={createProjectKeyAction} projectId={project.id} />
          </div>
        </Card>
      </div>
    </>
  );
}
