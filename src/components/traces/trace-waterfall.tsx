"use client";

import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { JsonTree } from "@/components/issues/json-tree";
import { KeyValueList } from "@/components/issues/key-value-list";
import { LogLineList, severityStyles } from "@/components/traces/log-line-list";
import { cn } from "@/lib/cn";
import { ownValue } from "@/lib/own-value";
import { formatTraceOffset, highestSeverity, logsExplorerPath } from "@/lib/related-logs";
import { barPosition, formatSpanDuration, rowWindow, visibleRowIndexes } from "@/lib/trace-waterfall";
import type { RelatedLogLine } from "@/lib/views/related-logs";
import type { TraceSpanView, TraceView } from "@/lib/views/traces";

/**
 * The spans of a trace as a collapsible tree on one time axis. Rows have a fixed height and only the window
 * in view (plus a few either side) is in the DOM, so a trace of thousands of spans scrolls as one of ten.
 * Choosing a row opens its detail below. A span's log lines show as a marker on its row (how many, coloured by
 * the most severe) and are listed in its detail. Every string is the SDK's and renders as text.
 */
const rowHeight = 32;
const maxViewportHeight = 640;
/** Indentation stops growing here, so the labels of deep spans stay readable. */
const maxIndentDepth = 24;

interface TraceWaterfallProps {
  trace: TraceView;
  /** A span to scroll to, highlight and open (`?span=` from an error's "View in trace"). */
  highlightSpanId: string | null;
  /** The trace's log lines (list-trace-logs.ts), oldest first; each shows on the span of its project it names. */
  logLines?: readonly RelatedLogLine[];
}

const spanKey = (projectId: number, spanId: string) => `${projectId}:${spanId}`;
const noLines: readonly RelatedLogLine[] = [];

export function TraceWaterfall({ trace, highlightSpanId, logLines = [] }: TraceWaterfallProps) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedId, setSelectedId] = useState<string | null>(() => (trace.spans.some((span) => span.spanId === highlightSpanId) ? highlightSpanId : null));
  const [scrollTop, setScrollTop] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => visibleRowIndexes(trace.spans, collapsed), [trace.spans, collapsed]);
  const viewportHeight = Math.min(maxViewportHeight, Math.max(1, shown.length) * rowHeight);
  const { first, last } = rowWindow(shown.length, rowHeight, scrollTop, viewportHeight);
  const selected = trace.spans.find((span) => span.spanId === selectedId) ?? null;
  const linesBySpan = useMemo(() => {
    const grouped = new Map<string, RelatedLogLine[]>();
    for (const line of logLines) {
      if (line.spanId === null) continue;
      const key = spanKey(line.projectId, line.spanId);
      const list = grouped.get(key);
      if (list) list.push(line);
      else grouped.set(key, [line]);
    }
    return grouped;
  }, [logLines]);

  useEffect(() => {
    const index = trace.spans.findIndex((span) => span.spanId === highlightSpanId);
    if (index < 0 || !viewport.current) return;
    viewport.current.scrollTop = Math.max(0, index * rowHeight - maxViewportHeight / 2);
    viewport.current.scrollIntoView({ block: "nearest" });
  }, [highlightSpanId, trace.spans]);

  const toggle = (spanId: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (!next.delete(spanId)) next.add(spanId);
      return next;
    });

  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border border-border">
        <div className="min-w-[56rem]">
          <TimeAxis durationUs={trace.endUs - trace.startUs} />
          <div
            ref={viewport}
            role="region"
            aria-label="Waterfall"
            tabIndex={0}
            className="relative overflow-y-auto focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            style={{ height: viewportHeight }}
            onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          >
            <ul aria-label="Spans of this trace" className="relative" style={{ height: shown.length * rowHeight }}>
              {shown.slice(first, last).map((spanIndex, offset) => {
                const span = trace.spans[spanIndex]!;
                return (
                  <SpanRow
                    key={span.spanId}
                    span={span}
                    top={(first + offset) * rowHeight}
                    trace={trace}
                    logLines={linesBySpan.get(spanKey(span.projectId, span.spanId)) ?? noLines}
                    isCollapsed={collapsed.has(span.spanId)}
                    isSelected={span.spanId === selectedId}
                    isHighlighted={span.spanId === highlightSpanId}
                    onToggle={() => toggle(span.spanId)}
                    onSelect={() => setSelectedId(span.spanId === selectedId ? null : span.spanId)}
                  />
                );
              })}
            </ul>
          </div>
        </div>
      </div>
      {selected ? <SpanDetail span={selected} trace={trace} logLines={linesBySpan.get(spanKey(selected.projectId, selected.spanId)) ?? noLines} onClose={() => setSelectedId(null)} /> : null}
    </div>
  );
}

function TimeAxis({ durationUs }: { durationUs: number }) {
  return (
    <div aria-hidden="true" className="grid grid-cols-[minmax(0,5fr)_minmax(0,6fr)] border-b border-border bg-muted/40 text-[11px] text-muted-foreground">
      <div className="px-3 py-1">Span</div>
      <div className="relative h-6">
        {[0, 0.25, 0.5, 0.75, 1].map((fraction) => (
          <span key={fraction} className={cn("absolute top-1", fraction === 1 ? "right-2" : "")} style={fraction === 1 ? undefined : { left: `${fraction * 100}%` }}>
            {formatSpanDuration(durationUs * fraction)}
          </span>
        ))}
      </div>
    </div>
  );
}

interface SpanRowProps {
  span: TraceSpanView;
  trace: TraceView;
  logLines: readonly RelatedLogLine[];
  top: number;
  isCollapsed: boolean;
  isSelected: boolean;
  isHighlighted: boolean;
  onToggle: () => void;
  onSelect: () => void;
}

function SpanRow({ span, trace, logLines, top, isCollapsed, isSelected, isHighlighted, onToggle, onSelect }: SpanRowProps) {
  const bar = barPosition(span.startUs, span.durationUs, trace.startUs, trace.endUs);
  const label = span.description ?? span.segmentName ?? "";
  const severity = highestSeverity(logLines);
  return (
    <li
      data-span-id={span.spanId}
      aria-current={isSelected ? "true" : undefined}
      className={cn("absolute inset-x-0 grid grid-cols-[minmax(0,5fr)_minmax(0,6fr)] items-center border-b border-border/60 text-xs", isSelected ? "bg-primary/10" : "hover:bg-muted/50", isHighlighted && "ring-2 ring-primary ring-inset")}
      style={{ top, height: rowHeight }}
    >
      <div className="flex min-w-0 items-center gap-1 pr-2" style={{ paddingLeft: 8 + Math.min(span.depth, maxIndentDepth) * 14 }}>
        {span.childCount > 0 ? (
          <button type="button" aria-expanded={!isCollapsed} aria-label={`${isCollapsed ? "Expand" : "Collapse"} ${span.op} ${label}`.slice(0, 200)} onClick={onToggle} className="size-5 shrink-0 rounded text-muted-foreground hover:bg-muted">
            {isCollapsed ? "▸" : "▾"}
          </button>
        ) : (
          <span className="size-5 shrink-0" />
        )}
        <button type="button" onClick={onSelect} className="flex min-w-0 flex-1 items-baseline gap-2 truncate text-left hover:underline">
          <span className="shrink-0 font-semibold">{span.op}</span>
          <span className="truncate">{label}</span>
        </button>
        {severity !== null ? (
          <button
            type="button"
            onClick={onSelect}
            aria-label={`${logLines.length.toLocaleString("en")} log ${logLines.length === 1 ? "line" : "lines"}, the most severe ${severity}`}
            title={`${logLines.length.toLocaleString("en")} log ${logLines.length === 1 ? "line" : "lines"} in this span (most severe: ${severity})`}
            data-log-marker={severity}
            className={cn("shrink-0 rounded px-1.5 py-0.5 font-mono text-[11px] leading-none tabular-nums hover:underline", ownValue(severityStyles, severity) ?? "bg-muted")}
          >
            ≡ {logLines.length > 999 ? "999+" : logLines.length}
          </button>
        ) : null}
        <span className="w-20 shrink-0 truncate text-muted-foreground">{span.projectSlug}</span>
        <span className="w-16 shrink-0 text-right tabular-nums">{formatSpanDuration(span.durationUs)}</span>
        <span className={cn("w-20 shrink-0 truncate text-right", span.isFailed ? "font-medium text-danger" : "text-muted-foreground")}>{span.status}</span>
      </div>
      <div className="relative h-full border-l border-border/60">
        <div className={cn("absolute top-2 h-4 rounded-sm", span.isFailed ? "bg-danger" : span.isSegment ? "bg-primary" : "bg-primary/60")} style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
        {span.errors.length > 0 ? (
          <div className="absolute top-1 flex max-w-[60%] gap-1" style={bar.left + bar.width > 55 ? { right: 4 } : { left: `${bar.left + bar.width}%` }}>
            {span.errors.slice(0, 3).map((error) => (
              <Link key={error.eventId} href={error.path} prefetch={false} className="ml-1 max-w-48 truncate rounded bg-danger px-1.5 py-0.5 text-[11px] text-danger-foreground hover:underline">
                {error.issueTitle}
              </Link>
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function SpanDetail({ span, trace, logLines, onClose }: { span: TraceSpanView; trace: TraceView; logLines: readonly RelatedLogLine[]; onClose: () => void }) {
  const traceId = trace.traceId;
  const fields: [string, string][] = [
    ["Op", span.op],
    ["Description", span.description ?? ""],
    ["Transaction", span.segmentName ?? ""],
    ["Project", span.projectSlug],
    ["Span ID", span.spanId],
    ["Parent span ID", span.parentSpanId ?? ""],
    ["Trace ID", traceId],
    ["Start", new Date(span.startUs / 1000).toISOString()],
    ["Duration", formatSpanDuration(span.durationUs)],
    ["Status", span.status],
    ["Release", span.release ?? ""],
    ["Environment", span.environment ?? ""],
  ];
  return (
    <section aria-labelledby="span-detail" className="rounded-lg border border-border p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="span-detail" className="text-base font-semibold">
          Span detail
        </h2>
        <button type="button" onClick={onClose} className="rounded px-2 py-1 text-sm text-muted-foreground hover:bg-muted">
          Close
        </button>
      </div>
      <KeyValueList label="Span fields" entries={fields.filter(([, value]) => value !== "")} />
      {span.errors.length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-semibold">Errors in this span</h3>
          <ul className="space-y-1 text-sm">
            {span.errors.map((error) => (
              <li key={error.eventId}>
                <Link href={error.path} prefetch={false} className="text-primary underline-offset-4 hover:underline">
                  {error.issueTitle}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {logLines.length > 0 ? (
        <div className="mt-4">
          <div className="mb-1 flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-sm font-semibold">Logs in this span</h3>
            <Link href={logsExplorerPath(`trace:${traceId} span_id:${span.spanId}`)} prefetch={false} className="text-sm text-primary underline-offset-4 hover:underline">
              Open in the logs explorer
            </Link>
          </div>
          <LogLineList lines={logLines} label="Log lines of this span" timeOf={(line) => formatTraceOffset(line.timestampUs - trace.startUs)} />
        </div>
      ) : null}
      {Object.keys(span.extra).length > 0 ? (
        <div className="mt-4">
          <h3 className="mb-1 text-sm font-semibold">Attributes, data, tags and measurements</h3>
          <JsonTree value={span.extra} label="Span data" />
        </div>
      ) : null}
    </section>
  );
}
