import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { TraceEventTable } from "@/components/traces/trace-event-table";
import { EmptyState } from "@/components/ui/empty-state";
import { parseTraceId } from "@/lib/trace-id";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { findEventsByTrace, maxTraceEvents, type TraceEventMatch } from "@/server/events/find-events-by-trace";

export const metadata: Metadata = { title: "Trace" };

interface TracePageProps {
  params: Promise<{ traceId: string }>;
}

/** `/traces/<traceId>`: every error event of one trace in the projects the viewer can see ("View in trace"). */
export default async function TracePage({ params }: TracePageProps) {
  const context = await getAppContext();
  const { traceId } = await params;
  let events: TraceEventMatch[] = [];
  let problem: string | null = null;
  try {
    events = await findEventsByTrace(context, { traceId });
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.message;
  }
  const issueCount = new Set(events.map((event) => `${event.projectSlug}/${event.issueId}`)).size;
  const search = `/issues?query=${encodeURIComponent(`trace:${parseTraceId(traceId) ?? ""}`)}`;

  return (
    <>
      <PageHeader title="Trace" description={<span className="font-mono wrap-break-word select-all">{traceId}</span>} />
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : events.length === 0 ? (
        <EmptyState title="No error event of this trace">
          <p>
            No project you can see has an error event in this trace. Events digested before Lantern kept trace ids, events of projects you cannot see and events removed by retention are not listed; transactions and spans are not shown here.
          </p>
        </EmptyState>
      ) : (
        <section aria-labelledby="trace-events">
          <h2 id="trace-events" className="mb-3 text-base font-semibold">
            {events.length === maxTraceEvents ? `The newest ${maxTraceEvents} error events` : events.length === 1 ? "1 error event" : `${events.length} error events`} in {issueCount === 1 ? "1 issue" : `${issueCount} issues`}, newest first
          </h2>
          <TraceEventTable events={events} />
          <p className="mt-3 text-sm text-muted-foreground">
            <Link href={search} prefetch={false} className="font-medium text-primary underline-offset-4 hover:underline">
              Search the issues of this trace
            </Link>
          </p>
        </section>
      )}
    </>
  );
}
