import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { describeItemTypes, itemTypeLabel } from "@/lib/describe-envelope-items";
import { formatTimestamp } from "@/lib/format-time";
import { rawRetentionInWords } from "@/lib/raw-retention-words";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { getReceivedEnvelope } from "@/server/intake/get-received-envelope";
import { loadProjectPage } from "@/server/pages/load-project-page";
import { IdentifierText } from "@/components/ui/identifier-text";

interface ReceivedPageProps {
  params: Promise<{ projectSlug: string; envelopeId?: string[] }>;
}

/** One lookup per request, shared by the metadata and the page, so a missing envelope is a 404 before streaming. */
const loadEnvelope = cache(async (projectSlug: string, envelopeId: string[] | undefined) => {
  if (envelopeId && (envelopeId.length > 1 || !/^\d+$/.test(envelopeId[0]!))) notFound();
  const context = await getAppContext();
  const { project } = await loadProjectPage(context, projectSlug);
  const envelope = await getReceivedEnvelope(context, project.id, envelopeId ? Number(envelopeId[0]) : undefined).catch((error: unknown) => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  });
  return { project, envelope, rawHours: context.config.retention.rawHours };
});

export async function generateMetadata({ params }: ReceivedPageProps): Promise<Metadata> {
  const { projectSlug, envelopeId } = await params;
  const { envelope } = await loadEnvelope(projectSlug, envelopeId);
  return { title: envelope ? (envelope.summary ?? describeItemTypes(envelope.itemTypes)) : "Received envelopes" };
}

/** /received shows the latest envelope; /received/{id} a given one. */
export default async function ReceivedEnvelopePage({ params }: ReceivedPageProps) {
  const { projectSlug, envelopeId } = await params;
  const { project, envelope, rawHours } = await loadEnvelope(projectSlug, envelopeId);
  const base = `/projects/${project.slug}/received`;

  if (!envelope) {
    return (
      <>
        <PageHeader title="Received envelopes" description={<IdentifierText value={project.name} />} />
        <EmptyState title="Nothing received yet">
          Point an SDK at this project&apos;s DSN and send an error; the newest envelope is shown here. {rawRetentionInWords(rawHours)}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={envelope.summary ?? describeItemTypes(envelope.itemTypes)}
        description={
          <>
            <Link href={`/projects/${project.slug}`} className="hover:underline">
              <IdentifierText value={project.name} />
            </Link>{" "}
            · received {formatTimestamp(envelope.receivedAt)}
          </>
        }
        actions={
          <nav aria-label="Envelope navigation" className="flex gap-2">
            <Button asChild variant="secondary" size="sm" aria-disabled={envelope.previousId === null}>
              {envelope.previousId === null ? <span>Older</span> : <Link href={`${base}/${envelope.previousId}`}>Older</Link>}
            </Button>
            <Button asChild variant="secondary" size="sm" aria-disabled={envelope.nextId === null}>
              {envelope.nextId === null ? <span>Newer</span> : <Link href={`${base}/${envelope.nextId}`}>Newer</Link>}
            </Button>
            <Button asChild variant="secondary" size="sm">
              <Link href={base}>Latest</Link>
            </Button>
          </nav>
        }
      />
      <div className="mb-3 flex flex-wrap gap-1.5">
        {envelope.itemTypes.map((type, index) => (
          <Badge key={`${type}-${index}`}>{itemTypeLabel(type)}</Badge>
        ))}
      </div>
      <Card className="p-0">
        <pre className="max-h-[70vh] overflow-auto p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap wrap-break-word">{envelope.text}</pre>
      </Card>
    </>
  );
}
