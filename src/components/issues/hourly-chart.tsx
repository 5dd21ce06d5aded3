import { formatTimestamp } from "@/lib/format-time";

const hourLabel = (hour: number) => `${formatTimestamp(hour).slice(11, 16)} UTC`;

/** Events per hour over the last 24 hours as CSS bars, with the numbers in a text summary and in each bar's title. */
export function HourlyChart({ hourly }: { hourly: { hour: number; count: number }[] }) {
  const total = hourly.reduce((sum, entry) => sum + entry.count, 0);
  const peak = hourly.reduce((best, entry) => (entry.count > best.count ? entry : best), { hour: 0, count: 0 });
  const summary =
    total === 0
      ? "No events in the last 24 hours."
      : `${total} ${total === 1 ? "event" : "events"} in the last 24 hours; the busiest hour was ${hourLabel(peak.hour)} with ${peak.count}.`;
  return (
    <figure>
      <div className="flex h-16 items-end gap-0.5" aria-hidden>
        {hourly.map((entry) => (
          <div
            key={entry.hour}
            title={`${hourLabel(entry.hour)}: ${entry.count}`}
            className={entry.count > 0 ? "flex-1 rounded-t-sm bg-primary" : "flex-1 rounded-t-sm bg-muted"}
            style={{ height: `${peak.count > 0 ? Math.max(4, (entry.count / peak.count) * 100) : 4}%` }}
          />
        ))}
      </div>
      <figcaption className="mt-2 text-xs text-muted-foreground">{summary}</figcaption>
    </figure>
  );
}
