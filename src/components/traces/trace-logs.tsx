import Link from "next/link";
import { LogLineList } from "@/components/traces/log-line-list";
import { formatTraceOffset } from "@/lib/related-logs";
import type { RelatedLogLine, TraceLogs as TraceLogsView } from "@/lib/views/related-logs";
import type { TraceView } from "@/lib/views/traces";

interface TraceLogsProps {
  logs: TraceLogsView;
  /** The trace's spans, to name each line's span; null when no span of the trace is stored. */
  trace: TraceView | null;
}

/**
 * Every log line of the trace (up to list-trace-logs.ts's cap), oldest first, each with its offset from the
 * trace's start and the span it was logged in — or that it names no span, or one the trace does not hold
 * (not sent, sampled out, of a project the viewer cannot see).
 */
export function TraceLogs({ logs, trace }: TraceLogsProps) {
  const spans = new Map((trace?.spans ?? []).map((span) => [`${span.projectId}:${span.spanId}`, `${span.op} ${span.description ?? span.segmentName ?? ""}`.trim()]));
  const hasSpans = trace !== null && trace.spans.length > 0;
  const originUs = hasSpans ? trace.startUs : (logs.lines[0]?.timestampUs ?? 0);
  const count = logs.total.toLocaleString("en");
  const spanOf = (line: RelatedLogLine) => (line.spanId === null ? "no span" : (spans.get(`${line.projectId}:${line.spanId}`) ?? `span ${line.spanId} (not in this trace)`));
  return (
    <section aria-labelledby="trace-logs">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="trace-logs" className="text-base font-semibold">
          Logs
        </h2>
        <Link href={logs.explorerPath} prefetch={false} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Open in the logs explorer
        </Link>
      </div>
      <p className="mb-3 text-sm text-muted-foreground">
        {logs.isCapped ? `The first ${logs.lines.length.toLocaleString("en")} of ${count} log lines` : logs.total === 1 ? "1 log line" : `${count} log lines`} of this trace, oldest first; times from {hasSpans ? "the trace's start" : "the first line"}.
      </p>
      <LogLineList lines={logs.lines} label="Log lines of this trace" timeOf={(line) => formatTraceOffset(line.timestampUs - originUs)} asideOf={spanOf} />
    </section>
  );
}
