import { describe, expect, it } from "vitest";
import { ErrorCollector } from "./collect-errors";
import { filenames, normalizeStacktrace } from "./normalize-stacktrace";

describe("the filename cache", () => {
  it("holds no more than its bound under a flood of distinct paths, and every filename is still right", () => {
    let largest = 0;
    for (let start = 0; start < filenames.max * 3; start += 250) {
      const frames = Array.from({ length: 250 }, (_, i) => ({ abs_path: `https://cdn.example.com/build/${start + i}/app.js?v=${i}` }));
      const stacktrace = normalizeStacktrace({ frames }, "exception.values.0.stacktrace", new ErrorCollector());
      expect((stacktrace!.frames as { filename: string }[]).map((frame) => frame.filename)).toEqual(frames.map((_, i) => `/build/${start + i}/app.js`));
      largest = Math.max(largest, filenames.size);
    }
    expect(largest).toBe(filenames.max);
  });
});
