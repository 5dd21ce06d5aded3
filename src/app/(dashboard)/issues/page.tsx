import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { formatRelativeTime, formatTimestamp } from "@/lib/format-time";
import { getAppContext } from "@/server/app-context";
import { listLatestErrors } from "@/server/intake/list-latest-errors";

export const metadata: Metadata = { title: "Issues" };

export default async function IssuesPage() {
  const { db } = await getAppContext();
  const errors = await listLatestErrors(db);
  return (
    <>
      <PageHeader title="Issues" description="The newest errors across all projects." />
      {errors.length === 0 ? (
        <EmptyState
          title="No errors received yet"
          action={
            <Button asChild variant="secondary">
              <Link href="/projects">Go to projects</Link>
            </Button>
          }
        >
          Create a project, set its DSN in your app&apos;s Sentry SDK, and the errors it reports are listed here.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card" aria-label="Latest errors">
          {errors.map((error) => (
            <li key={error.intakeId} className="flex items-baseline gap-4 px-5 py-3">
              <Link href={`/projects/${error.projectSlug}/received/${error.intakeId}`} prefetch={false} className="min-w-0 flex-1 truncate text-sm font-medium hover:underline">
                {error.summary ?? "(no message)"}
              </Link>
              <span className="text-xs text-muted-foreground">{error.projectName}</span>
              <time className="text-xs text-muted-foreground" dateTime={new Date(error.receivedAt).toISOString()} title={formatTimestamp(error.receivedAt)}>
                {formatRelativeTime(error.receivedAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
