import { describe, expect, it } from "vitest";
import { jsonNestingDepth } from "./json-nesting-depth";

const depthOf = (text: string) => jsonNestingDepth(new TextEncoder().encode(text));

describe("jsonNestingDepth", () => {
  it.each([
    ["1", 0],
    ['"[[[{{{"', 0],
    ["{}", 1],
    ['{"a":[1]}', 2],
    ['{"a":{"b":[]},"c":[[[]]]}', 4],
    ['{"a":"\\"[[[{"}', 1],
    ['{"a":"\\\\","b":[[1]]}', 3],
    ['["é{", {"ü": ["ß"]}]', 3],
  ])("%s nests %i deep", (text, depth) => {
    expect(depthOf(text)).toBe(depth);
  });

  it("agrees with the parsed value's depth on nested payloads", () => {
    const parsedDepth = (value: unknown): number => (value !== null && typeof value === "object" ? 1 + Math.max(0, ...Object.values(value).map(parsedDepth)) : 0);
    for (const text of [`${"[".repeat(40)}${"]".repeat(40)}`, JSON.stringify({ a: [{ b: { c: ["x]}", { d: [] }] } }] }), JSON.stringify({ s: "\\", t: [["\\\"]"]] })]) {
      expect(depthOf(text)).toBe(parsedDepth(JSON.parse(text)));
    }
  });
});
