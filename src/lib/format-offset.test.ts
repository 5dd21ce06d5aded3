import { describe, expect, it } from "vitest";
import { formatOffset } from "./format-offset";

describe("offsets from the event", () => {
  it("is exact near the event and coarser further away", () => {
    expect(formatOffset(0)).toBe("0.00 s");
    expect(formatOffset(-350)).toBe("−0.35 s");
    expect(formatOffset(1250)).toBe("+1.25 s");
    expect(formatOffset(-12_400)).toBe("−12 s");
    expect(formatOffset(-185_000)).toBe("−3 min 05 s");
    expect(formatOffset(-(2 * 3600 + 7 * 60) * 1000)).toBe("−2 h 07 min");
  });
});
