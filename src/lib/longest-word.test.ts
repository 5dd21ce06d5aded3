import { describe, expect, it } from "vitest";
import { longestUnbreakableRun } from "./longest-word";

describe("longestUnbreakableRun", () => {
  it("measures the longest piece between spaces and separators", () => {
    // A separator stays on the line of the run before it: "checkout-" is 9.
    expect(longestUnbreakableRun("checkout-api@1.0.0")).toBe(9);
    expect(longestUnbreakableRun("build.sha.9f2c4e1a7b3d5f60182e4c9a0b7d3e5f.eu")).toBe(33);
    expect(longestUnbreakableRun("First seen in release web@2")).toBe(7);
    expect(longestUnbreakableRun("")).toBe(0);
  });
});
