import Link from "next/link";
import { Suspense } from "react";
import { LogLineList } from "@/components/traces/log-line-list";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { formatRelativeOffset } from "@/lib/related-logs";
import type { LogAroundEvent, LogsAroundEvent as LogsAroundEventView } from "@/lib/views/related-logs";

interface LogsAroundEventProps {
  /** Read while the rest of the page streams (load-logs-around-event.ts); null when it could not be read. */
  logs: Promise<LogsAroundEventView | null>;
}

/**
 * "Logs around this event": the event's trace's lines, then the same server's and release's lines within ±2
 * minutes, each part newest first, with their time relative to the event. Streamed after the rest of the page,
 * and shown only when a line was found (or could not be read): most events of a project that sends no logs would
 * otherwise carry an empty card, and the issue page is kept short on a phone.
 */
export function LogsAroundEvent({ logs }: LogsAroundEventProps) {
  return (
    <Suspense fallback={null}>
      <LogsAroundEventCard logs={logs} />
    </Suspense>
  );
}

async function LogsAroundEventCard({ logs }: LogsAroundEventProps) {
  const around = await logs;
  if (around !== null && around.lines.length === 0) return null;
  return (
    <Card aria-labelledby="logs-around-event" className="min-w-0">
      <CardTitle id="logs-around-event">Logs around this event</CardTitle>
      {around === null ? <CardDescription className="mt-2">The log lines around this event could not be read; try reloading the page.</CardDescription> : <LogsAroundEventLines around={around} />}
    </Card>
  );
}

function LogsAroundEventLines({ around }: { around: LogsAroundEventView }) {
  const inTrace = around.lines.filter((line) => line.relation === "trace");
  const nearby = around.lines.filter((line) => line.relation === "nearby");
  const timeOf = (line: LogAroundEvent) => formatRelativeOffset(line.timestampUs / 1000 - around.eventTimestampMs);
  const nearbyName = [around.serverName === null ? null : `server ${around.serverName}`, around.release === null ? null : `release ${around.release}`].filter((part) => part !== null).join(" and ");
  const minutes = around.windowMs / 60_000;
  return (
    <div className="mt-2 space-y-4">
      <CardDescription>
        Lines of this event&apos;s trace first, then lines of the same {around.serverName !== null && around.release !== null ? "server and release" : around.serverName !== null ? "server" : "release"} within ±{minutes} minutes; times relative to the event.
        {around.traceId === null && nearbyName === "" ? " This event names no trace, server or release, so no log line can be tied to it." : ""}
      </CardDescription>
      {around.traceId !== null ? (
        <section aria-labelledby="logs-in-trace" className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="logs-in-trace" className="text-sm font-semibold">
              In this trace {inTrace.length > 0 ? `(${around.hasMoreInTrace ? `newest ${inTrace.length}` : inTrace.length})` : ""}
            </h3>
            {around.traceExplorerPath ? (
              <Link href={around.traceExplorerPath} prefetch={false} className="text-sm text-primary underline-offset-4 hover:underline">
                Open the trace&apos;s logs in the explorer
              </Link>
            ) : null}
          </div>
          {inTrace.length > 0 ? (
            <LogLineList lines={inTrace} label="Log lines of this event's trace" timeOf={timeOf} asideOf={(line) => line.projectSlug} />
          ) : (
            <p className="text-sm text-muted-foreground">No log line of this trace is stored (the SDKs send logs with enableLogs: true).</p>
          )}
        </section>
      ) : null}
      {nearbyName !== "" ? (
        <section aria-labelledby="logs-nearby" className="space-y-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="logs-nearby" className="text-sm font-semibold">
              Same {nearbyName}, ±{minutes} minutes {nearby.length > 0 ? `(${around.hasMoreNearby ? `newest ${nearby.length}` : nearby.length})` : ""}
            </h3>
            {around.nearbyExplorerPath ? (
              <Link href={around.nearbyExplorerPath} prefetch={false} className="text-sm text-primary underline-offset-4 hover:underline">
                Open these logs in the explorer
              </Link>
            ) : null}
          </div>
          {nearby.length > 0 ? (
            <LogLineList lines={nearby} label="Log lines of the same server and release" timeOf={timeOf} />
          ) : (
            <p className="text-sm text-muted-foreground">{inTrace.length >= around.maxLines ? `Only the first ${around.maxLines} lines are shown here: open the explorer for these.` : "No other log line of this server and release within that window."}</p>
          )}
        </section>
      ) : null}
    </div>
  );
}
