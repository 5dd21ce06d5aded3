import { describe, expect, it } from "vitest";
import { normalizedMessages, normalizeMessageForGrouping } from "./normalize-message";

/** Floods the cache with `count` distinct messages; returns the largest count and size it reached. */
function flood(count: number, padding: (i: number) => string): { entries: number; size: number } {
  let entries = 0;
  let size = 0;
  for (let i = 0; i < count; i++) {
    const message = `Bestellung ${i} fehlgeschlagen: ${padding(i)}`;
    expect(normalizeMessageForGrouping(message)).toBe(`Bestellung <int> fehlgeschlagen: ${padding(i)}`);
    entries = Math.max(entries, normalizedMessages.size);
    size = Math.max(size, normalizedMessages.calculatedSize);
  }
  return { entries, size };
}

describe("the normalized-message cache", () => {
  it("holds no more than its count bound under a flood of distinct short messages", () => {
    const reached = flood(normalizedMessages.max * 2, () => "");
    expect(reached.entries).toBe(normalizedMessages.max);
  });

  it("holds no more than its size bound under a flood of long two-byte messages, each answer still right", () => {
    // 960 characters each with its result: about 1,000 of them fill the 2 million characters.
    const reached = flood(1_500, () => "ü".repeat(920));
    expect(reached.size).toBeLessThanOrEqual(normalizedMessages.maxSize);
    expect(reached.size).toBeGreaterThan(normalizedMessages.maxSize * 0.99);
  });

  it("caches the empty message too (an entry is never of size 0)", () => {
    expect(normalizeMessageForGrouping("")).toBe("");
    expect(normalizedMessages.has("")).toBe(true);
  });
});
