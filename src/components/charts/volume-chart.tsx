import { scaleBand, scaleLinear } from "d3-scale";
import { formatTimestamp } from "@/lib/format-time";
import { cn } from "@/lib/cn";

const hourMs = 3_600_000;

export interface VolumeChartProps {
  /** One bucket per hour or per day, oldest first. */
  buckets: { start: number; count: number }[];
  bucketMs: number;
  /** What the chart covers, e.g. "the last 24 hours". */
  period: string;
  /** What is counted, singular and plural (default: event, events). */
  noun?: { one: string; many: string };
  /** The one-sentence summary, when adding the buckets up means nothing (distinct issues per bucket). */
  summary?: string;
  className?: string;
}

const width = 600;
const height = 112;

function bucketLabel(start: number, bucketMs: number): string {
  const text = formatTimestamp(start);
  return bucketMs <= hourMs ? `${text.slice(0, 16)} UTC` : text.slice(0, 10);
}

/**
 * Event counts as an SVG bar chart of fixed height (the page does not move when it arrives), drawn on the
 * server with d3-scale. Screen readers get a one-sentence summary as the image's name and the numbers as a
 * table; sighted users get the same sentence under the chart and each bar's count on hover.
 */
export function VolumeChart({ buckets, bucketMs, period, noun = { one: "event", many: "events" }, summary: givenSummary, className }: VolumeChartProps) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const peak = buckets.reduce((best, bucket) => (bucket.count > best.count ? bucket : best), { start: 0, count: 0 });
  const unit = bucketMs <= hourMs ? "hour" : "day";
  const summary =
    givenSummary ??
    (total === 0
      ? `No ${noun.many} in ${period}.`
      : `${total.toLocaleString("en")} ${total === 1 ? noun.one : noun.many} in ${period}; the busiest ${unit} was ${bucketLabel(peak.start, bucketMs)} with ${peak.count.toLocaleString("en")}.`);
  const x = scaleBand<number>()
    .domain(buckets.map((bucket) => bucket.start))
    .range([0, width])
    .paddingInner(0.2)
    .paddingOuter(0.05);
  const y = scaleLinear()
    .domain([0, Math.max(1, peak.count)])
    .range([height, 6]);
  const first = buckets[0];
  const last = buckets.at(-1);
  return (
    <figure className={cn("min-w-0", className)}>
      <div className="flex h-4 items-start justify-between text-[11px] leading-4 text-muted-foreground tabular-nums" aria-hidden>
        <span>max {peak.count.toLocaleString("en")}</span>
        <span>per {unit}</span>
      </div>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" className="block h-28 w-full">
        <line x1={0} x2={width} y1={y(peak.count)} y2={y(peak.count)} className="stroke-border" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-border" vectorEffect="non-scaling-stroke" />
        {buckets.map((bucket) => {
          const barTop = bucket.count > 0 ? Math.min(y(bucket.count), height - 3) : height - 1.5;
          return (
            <rect key={bucket.start} x={x(bucket.start)} y={barTop} width={x.bandwidth()} height={height - barTop} rx={1} className={bucket.count > 0 ? "fill-primary" : "fill-muted-foreground/25"}>
              <title>{`${bucketLabel(bucket.start, bucketMs)}: ${bucket.count.toLocaleString("en")}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex h-4 justify-between text-[11px] leading-4 text-muted-foreground tabular-nums" aria-hidden>
        <span>{first ? bucketLabel(first.start, bucketMs) : ""}</span>
        <span>{last ? bucketLabel(last.start, bucketMs) : ""}</span>
      </div>
      <figcaption className="mt-2 min-h-8 text-xs text-muted-foreground">{summary}</figcaption>
      {/* Hidden by a wrapper: a table is never narrower than its rows, whatever width `sr-only` gives it, and would widen the page. */}
      <div className="sr-only">
        <table>
          <caption>
            Number of {noun.many} per {unit}
          </caption>
          <thead>
            <tr>
              <th scope="col">{unit === "hour" ? "Hour" : "Day"}</th>
              <th scope="col">Number of {noun.many}</th>
            </tr>
          </thead>
          <tbody>
            {buckets.map((bucket) => (
              <tr key={bucket.start}>
                <td>{bucketLabel(bucket.start, bucketMs)}</td>
                <td>{bucket.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
