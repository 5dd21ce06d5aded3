import { describe, expect, it } from "vitest";
import { formatOffset, formatTimeOfDay } from "./format-offset";

describe("offsets from the event", () => {
  it("counts milliseconds under a second, so nothing close to the event reads as zero", () => {
    expect(formatOffset(0)).toBe("0 ms");
    expect(formatOffset(-3)).toBe("−3 ms");
    expect(formatOffset(-350)).toBe("−350 ms");
    expect(formatOffset(-0.4)).toBe("0 ms");
    expect(formatOffset(999.6)).toBe("+1.00 s");
  });

  it("is exact near the event and coarser further away", () => {
    expect(formatOffset(1250)).toBe("+1.25 s");
    expect(formatOffset(-1250)).toBe("−1.25 s");
    expect(formatOffset(-12_400)).toBe("−12 s");
    expect(formatOffset(-185_000)).toBe("−3 min 05 s");
    expect(formatOffset(-(2 * 3600 + 7 * 60) * 1000)).toBe("−2 h 07 min");
  });
});

describe("time of day", () => {
  // 2026-11-22 16:06:29.912 UTC, as @sentry/node sends it: 1795363589.912 float seconds.
  const time = Math.round(1795363589.912 * 1000);

  it("shows hours, minutes, seconds and milliseconds in the given zone", () => {
    expect(formatTimeOfDay(time, "UTC")).toBe("16:06:29.912");
    expect(formatTimeOfDay(time, "Asia/Kolkata")).toBe("21:36:29.912");
    expect(formatTimeOfDay(time, "America/New_York")).toBe("11:06:29.912");
    expect(formatTimeOfDay(Date.UTC(2026, 0, 1, 0, 0, 0, 5), "UTC")).toBe("00:00:00.005");
  });

  it("falls back to UTC for a zone it does not know", () => {
    expect(formatTimeOfDay(time, "Not/AZone")).toBe("16:06:29.912");
  });
});
