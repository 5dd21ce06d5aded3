import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/shell/page-header";
import { TraceEventTable } from "@/components/traces/trace-event-table";
import { TraceLogs } from "@/components/traces/trace-logs";
import { TraceWaterfall } from "@/components/traces/trace-waterfall";
import { EmptyState } from "@/components/ui/empty-state";
import { parseTraceId } from "@/lib/trace-id";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { findEventsByTrace, maxTraceEvents, type TraceEventMatch } from "@/server/events/find-events-by-trace";
import { listTraceLogs } from "@/server/logs/list-trace-logs";
import { getTrace, type TraceView } from "@/server/traces/get-trace";
import type { TraceLogs as TraceLogsView } from "@/lib/views/related-logs";

export const metadata: Metadata = { title: "Trace" };

interface TracePageProps {
  params: Promise<{ traceId: string }>;
  searchParams: Promise<{ span?: string | string[] }>;
}

/**
 * `/traces/<traceId>[?span=<spanId>]`: the waterfall of every span of one trace in the projects the viewer can
 * see, errors and log lines on their spans ("View in trace" highlights the error's span), the trace's log lines,
 * then its error events.
 */
export default async function TracePage({ params, searchParams }: TracePageProps) {
  const context = await getAppContext();
  const { traceId } = await params;
  const { span } = await searchParams;
  const highlightSpanId = typeof span === "string" && /^[0-9a-f]{16}$/.test(span) ? span : null;
  let events: TraceEventMatch[] = [];
  let trace: TraceView | null = null;
  let logs: TraceLogsView | null = null;
  let problem: string | null = null;
  try {
    [trace, events, logs] = await Promise.all([getTrace(context, { traceId }), findEventsByTrace(context, { traceId }), listTraceLogs(context, { traceId })]);
  } catch (error) {
    if (!isAppError(error)) throw error;
    problem = error.message;
  }
  const issueCount = new Set(events.map((event) => `${event.projectSlug}/${event.issueId}`)).size;
  const search = `/issues?query=${encodeURIComponent(`trace:${parseTraceId(traceId) ?? ""}`)}`;
  const spanCount = trace?.spans.length ?? 0;

  return (
    <>
      <PageHeader title="Trace" description={<span className="font-mono wrap-break-word select-all">{traceId}</span>} />
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : (
        <div className="space-y-8">
          {trace && spanCount > 0 ? (
            <section aria-labelledby="trace-spans">
              <h2 id="trace-spans" className="mb-1 text-base font-semibold">
                {spanCount === 1 ? "1 span" : `${spanCount.toLocaleString("en")} spans`}
              </h2>
              <p className="mb-3 text-sm text-muted-foreground">
                {trace.isCapped ? `This trace holds more spans than a waterfall shows: the earliest ${trace.maxSpans.toLocaleString("en")} are shown. ` : ""}
                Spans of projects you cannot see are left out; a span whose parent is not here starts a tree of its own.
              </p>
              <TraceWaterfall trace={trace} highlightSpanId={highlightSpanId} logLines={logs?.lines} />
            </section>
          ) : (
            <EmptyState title="No span of this trace">
              <p>No project you can see has received a span of this trace: the SDKs send transactions only with tracing on (tracesSampleRate), and spans removed by retention are gone.</p>
            </EmptyState>
          )}
          {logs && logs.total > 0 ? <TraceLogs logs={logs} trace={trace} /> : null}
          {events.length === 0 ? (
            <EmptyState title="No error event of this trace">
              <p>No project you can see has an error event in this trace. Events digested before Lantern kept trace ids, events of projects you cannot see and events removed by retention are not listed.</p>
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
        </div>
      )}
    </>
  );
}
