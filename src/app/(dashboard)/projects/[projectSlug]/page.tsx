import type { Metadata } from "next";
import Link from "next/link";
import { PlatformBadge } from "@/components/projects/platform-badge";
import { ProjectNav } from "@/components/projects/project-nav";
import { ReceivedEnvelopeList } from "@/components/projects/received-envelope-list";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { rawRetentionInWords } from "@/lib/raw-retention-words";
import { getAppContext } from "@/server/app-context";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { buildDsn } from "@/server/projects/build-dsn";
import { loadProjectPage } from "@/server/pages/load-project-page";

interface ProjectPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: ProjectPageProps): Promise<Metadata> {
  return { title: (await params).projectSlug };
}

export default async function ProjectPage({ params }: ProjectPageProps) {
  const { projectSlug } = await params;
  const context = await getAppContext();
  const { config } = context;
  const { project, keys } = await loadProjectPage(context, projectSlug);
  const activeKeys = keys.filter((key) => key.is_active === 1);
  const received = await listReceivedEnvelopes(context, project.id, { limit: 50 });
  const base = `/projects/${project.slug}`;

  return (
    <>
      <PageHeader title={project.name} description={<span className="font-mono">{project.slug}</span>} actions={<PlatformBadge platform={project.platform} />} />
      <ProjectNav slug={project.slug} current="overview" />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <Card>
          <CardTitle>DSN</CardTitle>
          <CardDescription>Set this DSN in your Sentry SDK; nothing else in your setup changes.</CardDescription>
          <div className="mt-4 space-y-3">
            {activeKeys.map((key) => (
              <div key={key.id}>
                <div className="mb-1 text-xs text-muted-foreground">{key.label}</div>
                <CodeBlock code={buildDsn(config.publicUrl, key.public_key, project.id)} label={activeKeys.length > 1 ? `DSN of ${key.label}` : "DSN"} />
              </div>
            ))}
            {activeKeys.length === 0 ? <p className="text-sm text-muted-foreground">This project has no active key; Lantern refuses whatever is sent to it.</p> : null}
          </div>
          <div className="mt-5 flex flex-wrap gap-2">
            <Button asChild size="sm">
              <Link href={`${base}/setup`} prefetch={false}>
                Set up an SDK
              </Link>
            </Button>
            <Button asChild size="sm" variant="secondary">
              <Link href={`${base}/keys`} prefetch={false}>
                Manage keys
              </Link>
            </Button>
          </div>
        </Card>
        <Card>
          <div className="flex items-center justify-between">
            <CardTitle>Received</CardTitle>
            {received.length > 0 ? (
              <Link href={`${base}/received`} prefetch={false} className="text-sm text-primary hover:underline">
                Open latest
              </Link>
            ) : null}
          </div>
          <CardDescription>
            Envelopes this project accepted, newest first. Each one is stored before Lantern answers the SDK. {rawRetentionInWords(config.retention.rawHours)}
          </CardDescription>
          <div className="mt-4">
            {received.length === 0 ? (
              <EmptyState
                title="Nothing received yet"
                action={
                  <Button asChild variant="secondary" size="sm">
                    <Link href={`${base}/setup`} prefetch={false}>
                      Show the SDK setup
                    </Link>
                  </Button>
                }
              >
                Send a test error from your app (for example, call Sentry.captureException) and it appears here.
              </EmptyState>
            ) : (
              <ReceivedEnvelopeList projectSlug={project.slug} envelopes={received} />
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
