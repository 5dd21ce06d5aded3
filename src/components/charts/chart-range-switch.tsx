import { SegmentedLinks } from "@/components/ui/segmented-links";

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
  /** The page's other choices, kept when the range changes (the overview's issue view). */
  keep?: Record<string, string>;
}

/** Links that switch a chart between its ranges, each range its own address (SegmentedLinks). */
export function ChartRangeSwitch<Value extends string>({ label, ranges, current, path, parameter, keep }: ChartRangeSwitchProps<Value>) {
  return <SegmentedLinks label={label} options={ranges} current={current} path={path} parameter={parameter} keep={keep} />;
}

/** The sentence form of the current range ("the last 24 hours"). */
export function rangePeriod<Value extends string>(ranges: readonly ChartRange<Value>[], current: Value): string {
  return ranges.find((option) => option.value === current)?.period ?? ranges[0]!.period;
}
