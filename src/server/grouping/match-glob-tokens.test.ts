import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countBacktrackingStars, globStep, matchGlobTokens, type GlobToken } from "./match-glob-tokens";

/** A token and the regex source the glob compiler writes for it. */
type Piece = { token: (ignoreCase: boolean) => GlobToken; source: string };
const pieces: Piece[] = [
  ...["a", "b", "A", "\\/", "\\."].map((source) => ({ token: (ignoreCase: boolean) => globStep("char", source, ignoreCase), source })),
  { token: (ignoreCase) => globStep("char", ".", ignoreCase), source: "." },
  { token: (ignoreCase) => globStep("char", "[^/]", ignoreCase), source: "[^/]" },
  { token: (ignoreCase) => globStep("char", "[ab]", ignoreCase), source: "[ab]" },
  { token: (ignoreCase) => globStep("star", ".", ignoreCase), source: ".*" },
  { token: (ignoreCase) => globStep("star", "[^/]", ignoreCase), source: "[^/]*" },
  { token: () => ({ kind: "dirs" }), source: "(?:.*/)?" },
];

describe("matchGlobTokens", () => {
  it("agrees with the regex the glob compiler writes, for any pattern and value", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), fc.string({ unit: fc.constantFrom("a", "b", "A", "/", ".", "\n"), maxLength: 14 }), fc.boolean(), (chosen, value, ignoreCase) => {
        const regex = new RegExp(`^${chosen.map((piece) => piece.source).join("")}$`, ignoreCase ? "is" : "s");
        expect(matchGlobTokens(chosen.map((piece) => piece.token(ignoreCase)), value)).toBe(regex.test(value));
      }),
      { numRuns: 3_000 },
    );
  });

  it("matches a many-star pattern against a long value in linear time (the regex backtracked for hours)", () => {
    const tokens = [..."*a*a*a*a*a*a*b"].map((c) => (c === "*" ? globStep("star", ".", false) : globStep("char", c, false)));
    expect(countBacktrackingStars(tokens)).toBe(7);
    const startedAt = performance.now();
    expect(matchGlobTokens(tokens, "a".repeat(10_000))).toBe(false);
    expect(matchGlobTokens(tokens, `${"a".repeat(10_000)}b`)).toBe(true);
    // A hang check, not a speed goal: the regex needed about 4 s for 60 characters.
    expect(performance.now() - startedAt).toBeLessThan(1_000);
  });

  it("counts a last `.*` as no backtracking risk, so the built-in `**/node_modules/**` rules keep the regex", () => {
    expect(countBacktrackingStars([{ kind: "dirs" }, globStep("char", "x", false), globStep("star", ".", false)])).toBe(1);
    expect(countBacktrackingStars([globStep("star", "[^/]", false), globStep("char", "x", false), globStep("star", "[^/]", false)])).toBe(2);
  });
});
