import { TextTooltip } from "@/components/ui/text-tooltip";
import { formatRelativeTime, formatTimestamp } from "@/lib/format-time";

/** "3 minutes ago" / "in 2 minutes", the exact time in a tooltip; a dash when there is none. */
export function RelativeTime({ time, now, none = "—" }: { time: number | null; now: number; none?: string }) {
  if (time === null) return <span className="text-muted-foreground">{none}</span>;
  return (
    <TextTooltip tooltip={formatTimestamp(time)} className="whitespace-nowrap">
      {formatRelativeTime(time, now)}
    </TextTooltip>
  );
}
