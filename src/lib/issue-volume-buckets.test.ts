import { describe, expect, it } from "vitest";
import { issueVolumeBuckets } from "./issue-volume-buckets";

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

describe("issueVolumeBuckets", () => {
  it("ends 24 hourly buckets with the current hour and counts each point into its hour", () => {
    const now = Date.UTC(2026, 10, 29, 15, 40);
    const buckets = issueVolumeBuckets("24h", now);
    const currentHour = Date.UTC(2026, 10, 29, 15);
    expect(buckets.window).toEqual({ start: currentHour - 23 * hourMs, end: currentHour + hourMs });
    const volume = buckets.volume([
      { time: currentHour + 1, count: 2 },
      { time: currentHour - 23 * hourMs, count: 5 },
      { time: currentHour - hourMs + 59 * 60_000, count: 1 },
    ]);
    expect(volume.bucketMs).toBe(hourMs);
    expect(volume.buckets).toHaveLength(24);
    expect(volume.buckets[0]).toEqual({ start: currentHour - 23 * hourMs, count: 5 });
    expect(volume.buckets[22]).toEqual({ start: currentHour - hourMs, count: 1 });
    expect(volume.buckets[23]).toEqual({ start: currentHour, count: 2 });
    expect(volume.total).toBe(8);
  });

  it("ends 30 daily buckets with the current day", () => {
    const now = Date.UTC(2026, 10, 29, 15, 40);
    const today = Date.UTC(2026, 10, 29);
    const buckets = issueVolumeBuckets("30d", now);
    expect(buckets.window).toEqual({ start: today - 29 * dayMs, end: today + dayMs });
    const volume = buckets.volume([{ time: today - 29 * dayMs + 5, count: 3 }]);
    expect(volume.buckets).toHaveLength(30);
    expect(volume.buckets[0]!.count).toBe(3);
    expect(volume).toMatchObject({ range: "30d", bucketMs: dayMs, total: 3 });
  });
});
