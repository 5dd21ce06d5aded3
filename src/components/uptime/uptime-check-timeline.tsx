import { formatTimestamp } from "@/lib/format-time";
import { uptimeReasonWords, type UptimeCheckView } from "@/lib/views/uptime";
import { cn } from "@/lib/cn";

function describeCheck(check: UptimeCheckView): string {
  const at = formatTimestamp(check.scheduledAt);
  if (check.status === "success") return `${at}: up, HTTP ${check.httpStatus} in ${check.durationMs} ms`;
  const why = check.reason ? uptimeReasonWords[check.reason] : "failed";
  return `${at}: down, ${why}${check.httpStatus === null ? "" : ` (HTTP ${check.httpStatus})`}${check.durationMs === null ? "" : ` after ${check.durationMs} ms`}`;
}

/** The latest checks oldest first as a strip of marks (green up, red down), each described in words. */
export function UptimeCheckTimeline({ checks }: { checks: UptimeCheckView[] }) {
  const oldestFirst = [...checks].reverse();
  return (
    <ol aria-label="Latest checks, oldest first" className="flex flex-wrap gap-0.5">
      {oldestFirst.map((check) => (
        <li key={check.id} title={describeCheck(check)} className={cn("h-6 w-2 rounded-sm", check.status === "success" ? "bg-emerald-600" : check.isInIncident ? "bg-danger" : "bg-amber-500")}>
          <span className="sr-only">{describeCheck(check)}</span>
        </li>
      ))}
    </ol>
  );
}

