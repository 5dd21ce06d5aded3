import Link from "next/link";
import { cn } from "@/lib/cn";

export interface ChartRange<Value extends string> {
  value: Value;
  /** What the switch shows ("24 hours"). */
  label: string;
  /** How a sentence names it ("the last 24 hours"). */
  period: string;
}

interface ChartRangeSwitchProps<Value extends string> {
  /** The switch's accessible name, e.g. "Chart range". */
  label: string;
  /** The first range is the page's default: its link carries no parameter. */
  ranges: readonly ChartRange<Value>[];
  current: Value;
  /** The page's own path. */
  path: string;
  /** The query parameter naming any other range. */
  parameter: string;
}

/**
 * Links that switch a chart between its ranges (a segmented control). Links rather than buttons: the page
 * reads the range on the server, and each range has its own address. They replace the history entry and
 * keep the scroll position, so switching back and forth does not fill the back button.
 */
export function ChartRangeSwitch<Value extends string>({ label, ranges, current, path, parameter }: ChartRangeSwitchProps<Value>) {
  return (
    <nav aria-label={label} className="inline-flex rounded-md border border-border p-0.5 text-xs">
      {ranges.map((option, index) => (
        <Link
          key={option.value}
          href={index === 0 ? path : `${path}?${new URLSearchParams({ [parameter]: option.value }).toString()}`}
          prefetch={false}
          scroll={false}
          replace
          aria-current={option.value === current ? "page" : undefined}
          className={cn("rounded px-2.5 py-1 font-medium", option.value === current ? "bg-primary text-primary-foreground" : "text-muted-foreground hover:bg-muted")}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

/** The sentence form of the current range ("the last 24 hours"). */
export function rangePeriod<Value extends string>(ranges: readonly ChartRange<Value>[], current: Value): string {
  return ranges.find((option) => option.value === current)?.period ?? ranges[0]!.period;
}
