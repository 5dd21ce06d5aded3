import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { ownValue } from "@/lib/own-value";
import type { RelatedLogLine } from "@/lib/views/related-logs";

/** Severity colours shared by the log markers and lines; contrast as the issue level badges. */
export const severityStyles: Record<string, string> = {
  trace: "bg-muted text-foreground",
  debug: "bg-muted text-foreground",
  // sky-700, not the level badge's sky-600: white 11 px text on sky-600 falls below 4.5:1.
  info: "bg-sky-700 text-white",
  warn: "bg-amber-500 text-black",
  error: "bg-danger/80 text-white dark:text-black",
  fatal: "bg-danger text-white dark:text-black",
};

export function SeverityBadge({ severity }: { severity: string }) {
  return <Badge className={cn("w-12 shrink-0 justify-center border-transparent font-sans", ownValue(severityStyles, severity) ?? "bg-muted")}>{severity}</Badge>;
}

interface LogLineListProps<Line extends RelatedLogLine> {
  lines: readonly Line[];
  label: string;
  /** The line's time as shown: an offset from the trace's start or from the event. */
  timeOf: (line: Line) => string;
  /** Anything shown after the message (its span, its project). */
  asideOf?: (line: Line) => ReactNode;
}

/**
 * Log lines as text, one a row: time, severity, message (the SDK's text, untrusted: rendered as text, wrapped,
 * never as HTML), then what places it. The full timestamp is the time's tooltip.
 */
export function LogLineList<Line extends RelatedLogLine>({ lines, label, timeOf, asideOf }: LogLineListProps<Line>) {
  return (
    <ul aria-label={label} className="divide-y divide-border/60 rounded-md border border-border text-xs">
      {lines.map((line) => (
        <li key={line.id} data-log-id={line.id} className="flex min-w-0 items-start gap-2 px-2 py-1.5">
          <time dateTime={new Date(line.timestampUs / 1000).toISOString()} title={new Date(line.timestampUs / 1000).toISOString()} className="w-20 shrink-0 pt-0.5 text-right font-mono text-muted-foreground tabular-nums">
            {timeOf(line)}
          </time>
          <SeverityBadge severity={line.severity} />
          <span className="min-w-0 flex-1 pt-0.5 font-mono break-words whitespace-pre-wrap">{line.message}</span>
          {asideOf ? <span className="max-w-48 shrink-0 truncate pt-0.5 text-muted-foreground">{asideOf(line)}</span> : null}
        </li>
      ))}
    </ul>
  );
}
