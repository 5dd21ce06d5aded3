import { formatRelativeTime, formatTimestamp } from "@/lib/format-time";

/** "3 minutes ago" in a <time> element, with the exact UTC time as its title. */
export function RelativeTime({ time, className }: { time: number; className?: string }) {
  return (
    <time className={className} dateTime={new Date(time).toISOString()} title={formatTimestamp(time)}>
      {formatRelativeTime(time)}
    </time>
  );
}
