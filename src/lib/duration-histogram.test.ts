import { describe, expect, it } from "vitest";
import { addDuration, decodeHistogram, durationBucket, encodeHistogram, histogramBars, histogramCount, histogramPercentile, mergeHistograms, type DurationHistogram } from "./duration-histogram";
import { percentile } from "./percentile";

function histogramOf(durations: number[]): DurationHistogram {
  const histogram: DurationHistogram = new Map();
  for (const us of durations) addDuration(histogram, us);
  return histogram;
}

describe("duration histograms of transaction rollups", () => {
  it("reads any percentile back within 4.5 % of the exact one, over six orders of magnitude", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const durations = Array.from({ length: 20_000 }, () => Math.round(50 * Math.exp(random() * 14)));
    const histogram = histogramOf(durations);
    const sorted = [...durations].sort((a, b) => a - b);
    for (const p of [0.5, 0.75, 0.95, 0.99]) {
      const exact = sorted[Math.ceil(p * sorted.length) - 1]!;
      const estimate = histogramPercentile(histogram, p)!;
      expect(Math.abs(estimate - exact) / exact, `p${p * 100}`).toBeLessThan(0.045);
      expect(Math.abs(estimate - percentile(sorted, p)!) / exact).toBeLessThan(0.05);
    }
  });

  it("merges by adding counts, so two halves give the whole's percentiles", () => {
    const first = [1_000, 2_000, 3_000, 250_000];
    const second = [1_500, 900_000, 40];
    const merged = mergeHistograms(histogramOf(first), histogramOf(second));
    expect(encodeHistogram(merged)).toBe(encodeHistogram(histogramOf([...first, ...second])));
    expect(histogramCount(merged)).toBe(7);
    expect(histogramPercentile(new Map(), 0.5)).toBeNull();
  });

  it("stores sparse text and refuses to read garbage as counts", () => {
    const histogram = histogramOf([1_000, 1_000, 2_000_000]);
    const text = encodeHistogram(histogram);
    expect(text).toBe(`${durationBucket(1_000)}:2,${durationBucket(2_000_000)}:1`);
    expect(decodeHistogram(text)).toEqual(histogram);
    expect([...decodeHistogram("x:1,5:-2,7:1.5,9999:3,,12:4")]).toEqual([[12, 4]]);
    expect(decodeHistogram(null).size).toBe(0);
    expect(durationBucket(0)).toBe(0);
    expect(durationBucket(-5)).toBe(0);
    expect(durationBucket(Number.NaN)).toBe(0);
  });

  it("regroups into at most the bars a chart has room for, each count kept", () => {
    const histogram = histogramOf([1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]);
    const bars = histogramBars(histogram, 8);
    expect(bars.length).toBeLessThanOrEqual(8);
    expect(bars.reduce((sum, bar) => sum + bar.count, 0)).toBe(8);
    expect(bars[0]!.fromUs).toBe(1);
    expect(bars.at(-1)!.toUs).toBeGreaterThan(10_000_000);
    expect(histogramBars(new Map())).toEqual([]);
  });
});
