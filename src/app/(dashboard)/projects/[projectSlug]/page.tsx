import type { Metadata } from "next";
import Link from "next/link";
import { ReceivedEnvelopeList } from "@/components/projects/received-envelope-list";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";
import { sdkSnippets } from "@/lib/sdk-snippets";
import { getAppContext } from "@/server/app-context";
import { listReceivedEnvelopes } from "@/server/intake/list-received-envelopes";
import { buildDsn } from "@/server/projects/build-dsn";
import { loadProjectPage } from "./load-project-page";

interface ProjectPageProps {
  params: Promise<{ projectSlug: string }>;
}

export async function generateMetadata({ params }: ProjectPageProps): Promise<Metadata> {
  return { title: (await params).projectSlug };
}

export default async function ProjectPage({ params }: ProjectPageProps) {
  const { projectSlug } = await params;
  const { db, config } = await getAppContext();
  const { project, keys } = await loadProjectPage(db, projectSlug);
  const activeKeys = keys.filter((key) => key.is_active === 1);
  const dsn = activeKeys[0] ? buildDsn(config.publicUrl, activeKeys[0].public_key, project.id) : null;
  const received = await listReceivedEnvelopes(db, project.id, { limit: 50 });
  const snippet = dsn ? (sdkSnippets(dsn).find((candidate) => candidate.platform === project.platform) ?? sdkSnippets(dsn)[0]!) : null;

  return (
    <>
      <PageHeader
        title={project.name}
        description={<span className="font-mono">{project.slug}</span>}
        actions={
          <div className="flex items-center gap-2">
            <Badge>{project.platform}</Badge>
            <Button asChild variant="secondary" size="sm">
              <Link href={`/projects/${project.slug}/settings`} prefetch={false}>
                Settings
              </Link>
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <Card>
          <CardTitle>Client keys (DSN)</CardTitle>
          <CardDescription>Set this DSN in your Sentry SDK; nothing else in your setup changes.</CardDescription>
          <div className="mt-4 space-y-3">
            {activeKeys.map((key) => (
              <div key={key.id}>
                <div className="mb-1 text-xs text-muted-foreground">{key.label}</div>
                <CodeBlock code={buildDsn(config.publicUrl, key.public_key, project.id)} label="DSN" />
              </div>
            ))}
            {activeKeys.length === 0 ? <p className="text-sm text-muted-foreground">This project has no active key; nothing can be sent to it.</p> : null}
          </div>
          {snippet ? (
            <div className="mt-6">
              <h3 className="text-sm font-semibold">{snippet.title} setup</h3>
              <div className="mt-2 space-y-2">
                <CodeBlock code={snippet.install} label="install command" />
                <CodeBlock code={snippet.code} label="setup code" />
              </div>
              <p className="mt-2 text-xs text-muted-foreground">
                Other SDKs: see{" "}
                <Link className="underline" href="/docs/getting-started">
                  Getting started
                </Link>
                .
              </p>
            </div>
          ) : null}
        </Card>
        <Card>
          <div className="flex items-center justify-between">
            <CardTitle>Received</CardTitle>
            {received.length > 0 ? (
              <Link href={`/projects/${project.slug}/received`} prefetch={false} className="text-sm text-primary hover:underline">
                Open latest
              </Link>
            ) : null}
          </div>
          <CardDescription>Envelopes this project accepted, newest first. Each one is stored before Lantern answers the SDK.</CardDescription>
          <div className="mt-4">
            {received.length === 0 ? (
              <EmptyState title="Nothing received yet">Send a test error from your app (for example, call Sentry.captureException) and it appears here.</EmptyState>
            ) : (
              <ReceivedEnvelopeList projectSlug={project.slug} envelopes={received} />
            )}
          </div>
        </Card>
      </div>
    </>
  );
}
