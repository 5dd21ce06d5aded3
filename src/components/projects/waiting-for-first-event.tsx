import Link from "next/link";
import { IssueListLive } from "@/components/issues/list/issue-list-live";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";

interface WaitingForFirstEventProps {
  projectSlug: string;
  projectId: number;
  /** The DSN card, shown beside the wait so that everything needed to send the first event is here. */
  children: React.ReactNode;
}

/**
 * A project that has never had an event: what to do next, and a live check (the issue list's, polled
 * every 2 s) that refreshes the page into the overview as soon as the first event is digested.
 */
export function WaitingForFirstEvent({ projectSlug, projectId, children }: WaitingForFirstEventProps) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card aria-labelledby="waiting-first-event">
        <div className="flex items-center gap-2">
          <span aria-hidden className="relative flex h-2.5 w-2.5">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-primary opacity-60 motion-reduce:animate-none" />
            <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-primary" />
          </span>
          <CardTitle id="waiting-first-event">Waiting for your first event</CardTitle>
        </div>
        <CardDescription>
          Set the DSN in a Sentry SDK and send an error (for example, call <code className="font-mono">Sentry.captureException(new Error(&quot;test&quot;))</code>). This page turns into the
          project&apos;s overview as soon as it arrives.
        </CardDescription>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button asChild size="sm">
            <Link href={`/projects/${projectSlug}/setup`} prefetch={false}>
              Set up an SDK
            </Link>
          </Button>
        </div>
        <IssueListLive endpoint={`/issues/live?${new URLSearchParams({ projectId: String(projectId), since: "0" }).toString()}`} baseline={[]} isEmpty intervalMs={2000} />
      </Card>
      {children}
    </div>
  );
}
