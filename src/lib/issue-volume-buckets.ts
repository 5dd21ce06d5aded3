import type { IssueVolume, VolumeRange } from "./views/issues";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * The buckets of an issue's volume chart: 24 hours or 30 days, the last one the current hour or day. `window`
 * is the time range to read ([start, end)); `volume` counts what was read into the chart.
 */
export function issueVolumeBuckets(range: VolumeRange, now: number) {
  const bucketMs = range === "24h" ? hourMs : dayMs;
  const bucketCount = range === "24h" ? 24 : 30;
  const lastBucket = now - (now % bucketMs);
  const firstBucket = lastBucket - (bucketCount - 1) * bucketMs;
  return {
    window: { start: firstBucket, end: lastBucket + bucketMs },
    volume(points: Iterable<{ time: number; count: number }>): IssueVolume {
      const counts = new Array<number>(bucketCount).fill(0);
      let total = 0;
      for (const point of points) {
        counts[Math.floor((point.time - firstBucket) / bucketMs)]! += point.count;
        total += point.count;
      }
      return { range, bucketMs, buckets: counts.map((count, index) => ({ start: firstBucket + index * bucketMs, count })), total };
    },
  };
}
