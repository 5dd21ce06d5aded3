import { describe, expect, it } from "vitest";
import type { JsonObject } from "@/lib/json-values";
import { applyStacktraceRules, frameDecisions } from "./apply-stacktrace-rules";
import { builtInStacktraceRules } from "./built-in-stacktrace-rules";
import { parseStacktraceRules } from "./parse-stacktrace-rules";

const context = { platform: "node" };
const projectRules = parseStacktraceRules("path:**/vendor/** -app");

/** `count` distinct frames, 250 to a stack, through the built-ins and a project's list; the largest count and size reached. */
function flood(count: number, frameOf: (i: number) => JsonObject): { entries: number; size: number } {
  let entries = 0;
  let size = 0;
  for (let start = 0; start < count; start += 250) {
    const frames = Array.from({ length: 250 }, (_, i) => frameOf(start + i));
    const rules = start % 500 === 0 ? builtInStacktraceRules : projectRules;
    const { frames: decisions } = applyStacktraceRules(frames, rules, context);
    // Still decided right: the vendored half out of the app wherever the project's rule applies.
    if (rules === projectRules) expect(decisions.map((decision) => decision.inApp)).toEqual(frames.map((frame) => !String(frame.abs_path).includes("/vendor/")));
    entries = Math.max(entries, frameDecisions.size);
    size = Math.max(size, frameDecisions.calculatedSize);
  }
  return { entries, size };
}

describe("remembered frame decisions", () => {
  it("hold no more than their count bound under a flood of distinct frames", () => {
    const reached = flood(frameDecisions.max * 2, (i) => ({ abs_path: `/srv/${i % 2 ? "vendor" : "app"}/f${i}.js`, function: `f${i}`, in_app: true }));
    expect(reached.entries).toBe(frameDecisions.max);
  });

  it("hold no more than their size bound under a flood of frames with the longest fields", () => {
    const long = (i: number, length: number) => `${i}-`.padEnd(length, "ä");
    const reached = flood(8_000, (i) => ({ abs_path: `/srv/${i % 2 ? "vendor" : "app"}/${long(i, 280)}`, filename: long(i, 290), module: long(i, 290), function: long(i, 270), raw_function: long(i, 270), package: long(i, 290), in_app: true }));
    expect(reached.size).toBeLessThanOrEqual(frameDecisions.maxSize);
    expect(reached.size).toBeGreaterThan(frameDecisions.maxSize * 0.99);
  });
});
