/**
 * A mergeable histogram of durations in microseconds, for transaction rollups: log-scaled buckets, eight
 * per doubling, so any percentile read back is within ±4.5 % of the true value (half a bucket's width,
 * 2^(1/16)), whatever the range (1 µs to hours). Rollup rows keep one per transaction, hour, release and
 * environment; summing two histograms is summing their counts, which is what makes "p95 over 14 days" a
 * read of a few hundred small rows instead of every span.
 *
 * Stored as text, sparse: `bucket:count` pairs separated by commas, buckets ascending ("96:3,97:12").
 */
export type DurationHistogram = Map<number, number>;

const bucketsPerDoubling = 8;
const maxBucket = 63 * bucketsPerDoubling;

/** The bucket of a duration: ⌊8·log2(µs)⌋, durations under 1 µs in bucket 0. */
export function durationBucket(durationUs: number): number {
  if (!(durationUs > 1)) return 0;
  return Math.min(maxBucket, Math.floor(Math.log2(durationUs) * bucketsPerDoubling));
}

/** The bucket's lower and upper bounds in microseconds. */
export function durationBucketBounds(bucket: number): { fromUs: number; toUs: number } {
  return { fromUs: 2 ** (bucket / bucketsPerDoubling), toUs: 2 ** ((bucket + 1) / bucketsPerDoubling) };
}

/** A bucket's representative value: its geometric middle, so the relative error is the same at both ends. */
function bucketValue(bucket: number): number {
  return 2 ** ((bucket + 0.5) / bucketsPerDoubling);
}

export function addDuration(histogram: DurationHistogram, durationUs: number, count = 1): void {
  const bucket = durationBucket(durationUs);
  histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
}

export function mergeHistograms(into: DurationHistogram, from: DurationHistogram): DurationHistogram {
  for (const [bucket, count] of from) into.set(bucket, (into.get(bucket) ?? 0) + count);
  return into;
}

export function histogramCount(histogram: DurationHistogram): number {
  let total = 0;
  for (const count of histogram.values()) total += count;
  return total;
}

/**
 * The p-th percentile (0–1) in microseconds: the value of the bucket holding the rank ⌈p·n⌉ (nearest rank),
 * null when empty.
 */
export function histogramPercentile(histogram: DurationHistogram, p: number): number | null {
  const total = histogramCount(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(Math.min(1, Math.max(0, p)) * total));
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket)!;
    if (seen >= rank) return bucketValue(bucket);
  }
  return null;
}

export function encodeHistogram(histogram: DurationHistogram): string {
  return [...histogram]
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)
    .map(([bucket, count]) => `${bucket}:${count}`)
    .join(",");
}

/** Reads what encodeHistogram wrote; pairs that are not two non-negative integers are skipped. */
export function decodeHistogram(text: string | null | undefined): DurationHistogram {
  const histogram: DurationHistogram = new Map();
  if (!text) return histogram;
  // One pass over the characters: a rollup read decodes a few hundred thousand pairs (bench:span-reads).
  let bucket = -1;
  let number = 0;
  let digits = 0;
  let isValid = true;
  const end = () => {
    if (isValid && bucket >= 0 && digits > 0 && number > 0 && bucket <= maxBucket) histogram.set(bucket, (histogram.get(bucket) ?? 0) + number);
    bucket = -1;
    number = 0;
    digits = 0;
    isValid = true;
  };
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      number = number * 10 + (code - 48);
      digits += 1;
    } else if (code === 58 && bucket === -1 && digits > 0) {
      bucket = number;
      number = 0;
      digits = 0;
    } else if (code === 44) {
      end();
    } else {
      isValid = false;
    }
  }
  end();
  return histogram;
}

/**
 * The histogram regrouped for a chart: one bar per doubling from the fastest to the slowest bucket
 * (at most `maxBars`, widening each bar by whole doublings), with bounds in microseconds.
 */
export function histogramBars(histogram: DurationHistogram, maxBars = 24): { fromUs: number; toUs: number; count: number }[] {
  const buckets = [...histogram.keys()].sort((a, b) => a - b);
  if (buckets.length === 0) return [];
  const firstDoubling = Math.floor(buckets[0]! / bucketsPerDoubling);
  const lastDoubling = Math.floor(buckets.at(-1)! / bucketsPerDoubling);
  const doublingsPerBar = Math.max(1, Math.ceil((lastDoubling - firstDoubling + 1) / maxBars));
  const bars: { fromUs: number; toUs: number; count: number }[] = [];
  for (let doubling = firstDoubling; doubling <= lastDoubling; doubling += doublingsPerBar) {
    bars.push({ fromUs: 2 ** doubling, toUs: 2 ** (doubling + doublingsPerBar), count: 0 });
  }
  for (const [bucket, count] of histogram) {
    const index = Math.floor((Math.floor(bucket / bucketsPerDoubling) - firstDoubling) / doublingsPerBar);
    bars[index]!.count += count;
  }
  return bars;
}
