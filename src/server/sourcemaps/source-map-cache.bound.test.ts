import { describe, expect, it } from "vitest";
import { parseSourceMap } from "./artifact-source";
import { SourceMapCache } from "./source-map-cache";

describe("SourceMapCache bounds", () => {
  it("keeps parsed maps within its byte budget, however many are loaded", () => {
    const cache = new SourceMapCache(1_000_000);
    const sources = Array.from({ length: 40 }, (_, index) => `export const value${index} = ${"x".repeat(2_000)};`);
    for (let index = 0; index < 300; index++) {
      const text = JSON.stringify({ version: 3, sources: [`src/${index}.ts`], sourcesContent: [sources.join("\n")], mappings: "AAAA", names: [] });
      cache.files.set(`m:${index}`, parseSourceMap(text));
      expect(cache.files.calculatedSize).toBeLessThanOrEqual(1_000_000);
    }
    expect(cache.files.size).toBeLessThan(20);
    // A map larger than the whole budget is not kept (the batch that loaded it still uses it).
    cache.files.set("m:huge", parseSourceMap(JSON.stringify({ version: 3, sources: ["a"], sourcesContent: ["y".repeat(1_100_000)], mappings: "AAAA" })));
    expect(cache.files.has("m:huge")).toBe(false);
  });

  it("keeps lookups keyed by event URLs within their bound under a flood of distinct URLs", () => {
    const cache = new SourceMapCache(1_000_000);
    for (let index = 0; index < 200_000; index++) {
      cache.lookups.set(`u:1:release\u0000\u00000\u0000https://shop.example/${index}/${"a".repeat(250)}.js`, { value: [] });
    }
    expect(cache.lookups.calculatedSize).toBeLessThanOrEqual(16_000_000);
    expect(cache.lookups.size).toBeLessThanOrEqual(20_000);
    cache.lookups.set("r:1:big", { value: Array.from({ length: 500 }, (_, index) => `~/assets/${index}.js`) });
    expect(cache.lookups.calculatedSize).toBeLessThanOrEqual(16_000_000);
  });

  it("marks a bundle's use due once an hour", () => {
    const cache = new SourceMapCache(1_000);
    expect(cache.isBundleUseDue(7, 0)).toBe(true);
    expect(cache.isBundleUseDue(7, 3_599_999)).toBe(false);
    expect(cache.isBundleUseDue(7, 3_600_000)).toBe(true);
  });
});
