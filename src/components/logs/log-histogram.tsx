import { scaleBand, scaleLinear } from "d3-scale";
import { formatTimestamp } from "@/lib/format-time";
import { severityFill, severityNames } from "./severity-style";

export interface LogHistogramProps {
  intervalUs: number;
  intervals: { startUs: number; counts: Record<string, number> }[];
  total: number;
}

const width = 600;
const height = 96;

const labelOf = (startUs: number) => `${formatTimestamp(Math.floor(startUs / 1000)).slice(0, 16)} UTC`;
const lengthOf = (intervalUs: number) => {
  const seconds = intervalUs / 1_000_000;
  return seconds >= 3600 ? `${seconds / 3600} h` : seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`;
};

/**
 * Log lines per interval, each bar stacked by severity (trace at the bottom, fatal on top), drawn on the server
 * as SVG like the volume chart; the numbers are a table for screen readers and a title per bar on hover.
 */
export function LogHistogram({ intervalUs, intervals, total }: LogHistogramProps) {
  const sums = intervals.map((interval) => severityNames.reduce((sum, level) => sum + (interval.counts[level] ?? 0), 0));
  const peak = Math.max(1, ...sums);
  const x = scaleBand<number>()
    .domain(intervals.map((interval) => interval.startUs))
    .range([0, width])
    .paddingInner(0.15);
  const y = scaleLinear().domain([0, peak]).range([0, height - 4]);
  const summary = total === 0 ? "No log line in this time range." : `${total.toLocaleString("en")} log line${total === 1 ? "" : "s"}, at most ${peak.toLocaleString("en")} per ${lengthOf(intervalUs)}.`;
  return (
    <figure className="min-w-0">
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="block h-24 w-full">
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-border" vectorEffect="non-scaling-stroke" />
        {intervals.map((interval, index) => {
          let top = height;
          return (
            <g key={interval.startUs}>
              <title>{`${labelOf(interval.startUs)}: ${sums[index]!.toLocaleString("en")} (${severityNames.filter((level) => (interval.counts[level] ?? 0) > 0).map((level) => `${level} ${interval.counts[level]}`).join(", ") || "none"})`}</title>
              {severityNames.map((level) => {
                const count = interval.counts[level] ?? 0;
                if (count === 0) return null;
                const barHeight = Math.max(1.5, y(count));
                top -= barHeight;
                return <rect key={level} x={x(interval.startUs)} y={top} width={x.bandwidth()} height={barHeight} className={severityFill[level]} />;
              })}
            </g>
          );
        })}
      </svg>
      <div className="mt-1 flex h-4 justify-between text-[11px] leading-4 text-muted-foreground tabular-nums" aria-hidden>
        <span>{intervals[0] ? labelOf(intervals[0].startUs) : ""}</span>
        <span>{intervals.at(-1) ? labelOf(intervals.at(-1)!.startUs) : ""}</span>
      </div>
      <figcaption className="mt-1 text-xs text-muted-foreground">{summary}</figcaption>
      <div className="sr-only">
        <table>
          <caption>Log lines per {lengthOf(intervalUs)} by severity</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              {severityNames.map((level) => (
                <th key={level} scope="col">
                  {level}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {intervals
              .filter((_, index) => sums[index]! > 0)
              .map((interval) => (
                <tr key={interval.startUs}>
                  <td>{labelOf(interval.startUs)}</td>
                  {severityNames.map((level) => (
                    <td key={level}>{interval.counts[level] ?? 0}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
