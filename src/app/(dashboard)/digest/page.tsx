import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { z } from "zod";
import { RelativeTime } from "@/components/issues/relative-time";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { findEventsByDigest, type DigestEventMatch } from "@/server/events/find-events-by-digest";

export const metadata: Metadata = { title: "Find by digest" };

const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const searchParamsSchema = z.object({ value: z.preprocess(first, z.string().trim().catch("")).default("") });

interface DigestPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/**
 * `/digest?value=…`: the header's "Find by digest" box lands here. One event carries the digest → its event
 * page; several → a list; none → why that can be and what to try.
 */
export default async function DigestPage({ searchParams }: DigestPageProps) {
  const context = await getAppContext();
  const { value } = searchParamsSchema.parse(await searchParams);
  let matches: DigestEventMatch[] = [];
  let problem: string | null = null;
  if (value !== "") {
    try {
      matches = await findEventsByDigest(context, { digest: value });
    } catch (error) {
      if (!isAppError(error)) throw error;
      problem = error.message;
    }
    // redirect() throws, so it stays outside the try.
    if (matches.length === 1) redirect(matches[0]!.path);
  }

  return (
    <>
      <PageHeader title="Find by digest" description="A Next.js error page shows “Digest: …” for a server-side error. Enter it to open the server event that carries it." />
      <form action="/digest" method="get" role="search" aria-label="Find an event by digest" className="mb-6 flex max-w-xl flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor="digest-value">Digest</Label>
          <Input id="digest-value" name="value" defaultValue={value} inputMode="text" autoComplete="off" spellCheck={false} placeholder="e.g. 2654435761" className="mt-1 font-mono" />
        </div>
        <Button type="submit">Find</Button>
      </form>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : value === "" ? (
        <p className="max-w-prose text-sm text-muted-foreground">
          Lantern tags each server error it receives with its digest. See{" "}
          <Link href="/docs/guides/digest-lookup" prefetch={false} className="font-medium text-primary underline-offset-4 hover:underline">
            Looking up a digest
          </Link>{" "}
          for where it comes from in a monitored Next.js app.
        </p>
      ) : matches.length === 0 ? (
        <EmptyState title={`No event carries the digest ${value}`}>
          <p>
            Check the digest for typos. An event is tagged once digest has processed it (a few seconds after the error), older events may have been removed by retention, and some set-ups of a monitored app send no digest —{" "}
            <Link href="/docs/guides/digest-lookup" prefetch={false} className="font-medium text-primary underline-offset-4 hover:underline">
              see which
            </Link>
            .
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="digest-matches">
          <h2 id="digest-matches" className="mb-3 text-base font-semibold">
            {matches.length} events carry the digest <span className="font-mono">{value}</span>
          </h2>
          <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Events with this digest">
            {matches.map((match) => (
              <li key={`${match.projectSlug}/${match.eventId}`} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-5 py-3">
                <Link href={match.path} prefetch={false} className="min-w-0 flex-1 font-medium break-words hover:underline">
                  {match.issueTitle}
                </Link>
                <span className="text-sm text-muted-foreground">{match.projectName}</span>
                <span className="font-mono text-xs text-muted-foreground">{match.eventId}</span>
                <span className="text-sm text-muted-foreground">
                  <RelativeTime time={match.timestamp} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
