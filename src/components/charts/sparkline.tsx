import { scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { cn } from "@/lib/cn";

export type SparklineProps = {
  /** One value per bucket, oldest first (e.g. 24 hourly event counts). */
  values: number[];
  /** Accessible summary, e.g. "42 events in the last 24 hours". */
  label: string;
  width?: number;
  height?: number;
  className?: string;
};

/**
 * A tiny server-renderable SVG trend line. Strokes use currentColor so the
 * chart follows the text colour of its container in both themes.
 */
export function Sparkline({ values, label, width = 96, height = 24, className }: SparklineProps) {
  const points = values.length > 0 ? values : [0];
  const max = Math.max(0, ...points);
  const pad = 1.5;
  const x = scaleLinear()
    .domain([0, Math.max(1, points.length - 1)])
    .range([pad, width - pad]);
  const y = scaleLinear()
    .domain([0, max === 0 ? 1 : max])
    .range([height - pad, pad]);
  // One decimal is a tenth of a pixel; an issue list draws 50 of these, in its HTML and again in its flight data.
  const linePath = line<number>()
    .x((_, i) => x(i))
    .y((value) => y(value))
    .digits(1)(points);
  // The area is the line closed along the baseline: two more points, not the line again backwards.
  const areaPath = linePath ? `${linePath}L${x(points.length - 1).toFixed(1)},${height - pad}L${pad},${height - pad}Z` : null;

  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={cn("shrink-0 overflow-visible text-foreground/70", className)}
    >
      <title>{label}</title>
      {areaPath ? <path d={areaPath} fill="currentColor" fillOpacity={0.12} stroke="none" /> : null}
      {linePath ? (
        <path d={linePath} fill="none" stroke="currentColor" strokeWidth={1.25} strokeLinejoin="round" strokeLinecap="round" />
      ) : null}
    </svg>
  );
}
