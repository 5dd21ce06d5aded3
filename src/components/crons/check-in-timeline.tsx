import { cn } from "@/lib/cn";
import { formatTimestamp } from "@/lib/format-time";
import type { CheckInStatus, MonitorStatsBucket } from "@/lib/views/monitors";
import { checkInColors, checkInWords } from "./check-in-status";

/** The worst status of a bucket colours it: a failure is never hidden behind an ok beside it. */
const severity: CheckInStatus[] = ["error", "timeout", "missed", "in_progress", "ok"];
const countOf: Record<CheckInStatus, keyof MonitorStatsBucket> = { ok: "ok", error: "error", missed: "missed", timeout: "timeout", in_progress: "inProgress" };

/** "850 ms", "12.3 s", "4 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

function describeBucket(bucket: MonitorStatsBucket, resolution: number): string {
  const counts = severity.filter((status) => (bucket[countOf[status]] as number) > 0).map((status) => `${bucket[countOf[status]]} ${checkInWords[status].toLowerCase()}`);
  const duration = bucket.durationAvg === null ? "" : `, ${formatDuration(bucket.durationAvg)} on average`;
  return `${formatTimestamp(bucket.ts)} to ${formatTimestamp(bucket.ts + resolution).replace(/^\d{4}-\d{2}-\d{2} /, "")}: ${counts.length === 0 ? "no check-ins" : counts.join(", ")}${duration}`;
}

/**
 * One environment's check-ins over the window: a bar per bucket, coloured by its worst status, its height the
 * bucket's average duration against the longest one (so a job getting slower shows). Each bar's words are its
 * tooltip and screen-reader text.
 */
export function CheckInTimeline({ environment, buckets, resolution }: { environment: string; buckets: MonitorStatsBucket[]; resolution: number }) {
  const longest = Math.max(1, ...buckets.map((bucket) => bucket.durationAvg ?? 0));
  return (
    <ol aria-label={`Check-ins in ${environment}`} className="flex h-10 items-end gap-px">
      {buckets.map((bucket) => {
        const worst = severity.find((status) => (bucket[countOf[status]] as number) > 0);
        const words = describeBucket(bucket, resolution);
        const height = worst === undefined ? 20 : bucket.durationAvg === null ? 100 : Math.max(35, Math.round((bucket.durationAvg / longest) * 100));
        return (
          <li key={bucket.ts} title={words} className={cn("min-w-0 flex-1 rounded-sm", worst ? checkInColors[worst] : "bg-muted")} style={{ height: `${height}%` }}>
            <span className="sr-only">{words}</span>
          </li>
        );
      })}
    </ol>
  );
}

/** What the colours mean. */
export function CheckInLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {(["ok", "error", "missed", "timeout", "in_progress"] as const).map((status) => (
        <li key={status} className="inline-flex items-center gap-1.5">
          <span aria-hidden className={cn("inline-block h-2.5 w-2.5 rounded-sm", checkInColors[status])} />
          {checkInWords[status]}
        </li>
      ))}
    </ul>
  );
}
