import { formatTimestamp } from "@/lib/format-time";
import type { UptimeHourView } from "@/lib/views/uptime";

const width = 720;
const height = 140;

/** Average response time per hour over the hours given (a line), with the slowest and latest hour in words. */
export function ResponseTimeChart({ hours }: { hours: UptimeHourView[] }) {
  const points = hours.filter((hour): hour is UptimeHourView & { averageDurationMs: number } => hour.averageDurationMs !== null);
  if (points.length === 0) return <p className="text-sm text-muted-foreground">No checks in the last 7 days.</p>;
  const first = points[0]!.hour;
  const span = Math.max(points.at(-1)!.hour - first, 3_600_000);
  const slowest = points.reduce((worst, point) => (point.averageDurationMs > worst.averageDurationMs ? point : worst));
  const top = Math.max(slowest.averageDurationMs, 1);
  const line = points.map((point) => `${(((point.hour - first) / span) * width).toFixed(1)},${(height - (point.averageDurationMs / top) * (height - 10)).toFixed(1)}`).join(" ");
  const latest = points.at(-1)!;
  const summary = `Hourly average response time: latest ${latest.averageDurationMs} ms (${formatTimestamp(latest.hour)}), slowest ${slowest.averageDurationMs} ms (${formatTimestamp(slowest.hour)}).`;
  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={summary} className="h-36 w-full text-primary" preserveAspectRatio="none">
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="text-xs text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
