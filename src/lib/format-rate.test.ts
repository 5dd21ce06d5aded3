import { describe, expect, it } from "vitest";
import { formatRate } from "./format-rate";

describe("formatRate", () => {
  it("shows one decimal", () => {
    expect(formatRate(2 / 3)).toBe("66.7 %");
    expect(formatRate(0.995)).toBe("99.5 %");
    expect(formatRate(0.75)).toBe("75 %");
  });
  it("never rounds a few crashes up to 100 % or a few sessions down to 0 %", () => {
    expect(formatRate(0.99996)).toBe("99.9 %");
    expect(formatRate(0.0001)).toBe("0.1 %");
  });
  it("says 100 % and 0 % only when exact", () => {
    expect(formatRate(1)).toBe("100 %");
    expect(formatRate(0)).toBe("0 %");
  });
});
