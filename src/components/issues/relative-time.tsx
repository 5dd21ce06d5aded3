import { Tooltip } from "@/components/ui/tooltip";
import { textTooltipClass } from "@/components/ui/text-tooltip";
import { cn } from "@/lib/cn";
import { formatRelativeTime, formatTimestamp } from "@/lib/format-time";

/**
 * "3 minutes ago" in a <time> element, with the exact UTC time in a tooltip (on hover and on keyboard focus)
 * and, for screen readers, as visually hidden text after it.
 */
export function RelativeTime({ time, className }: { time: number; className?: string }) {
  const exact = formatTimestamp(time);
  return (
    <Tooltip content={exact}>
      <time tabIndex={0} className={cn(textTooltipClass, className)} dateTime={new Date(time).toISOString()}>
        {formatRelativeTime(time)}
        <span className="sr-only"> ({exact})</span>
      </time>
    </Tooltip>
  );
}
