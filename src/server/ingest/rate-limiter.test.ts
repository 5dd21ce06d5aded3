import { describe, expect, it } from "vitest";
import { maxWindows, RateLimiter } from "./rate-limiter";

const limit = { count: 2, windowSeconds: 60 };
const windowStart = 1_700_000_040_000; // a multiple of 60 s

describe("RateLimiter", () => {
  it("allows `count` uses per window and key, then answers the seconds until the window ends", () => {
    const limiter = new RateLimiter();
    expect(limiter.take("a", "error", limit, windowStart)).toBe(0);
    expect(limiter.take("a", "error", limit, windowStart + 1_000)).toBe(0);
    expect(limiter.take("a", "error", limit, windowStart + 20_500)).toBe(40);
    expect(limiter.take("a", "transaction", limit, windowStart + 20_500)).toBe(0);
    expect(limiter.take("b", "error", limit, windowStart + 20_500)).toBe(0);
    expect(limiter.take("a", "error", limit, windowStart + 60_000)).toBe(0);
  });

  it("keeps no more than its bound of windows under a flood of keys, and the keys in use keep their counts", () => {
    const limiter = new RateLimiter();
    limiter.take("busy", "error", limit, windowStart);
    limiter.take("busy", "error", limit, windowStart);
    let largest = 0;
    for (let i = 0; i < maxWindows * 3; i++) {
      limiter.take(`key-${i}`, "error", limit, windowStart);
      // The busy key stays in use during the flood, so its window is never the least recently used.
      if (i % 1_000 === 0) expect(limiter.take("busy", "error", limit, windowStart)).toBeGreaterThan(0);
      largest = Math.max(largest, limiter.size);
    }
    expect(largest).toBe(maxWindows);
  });
});
