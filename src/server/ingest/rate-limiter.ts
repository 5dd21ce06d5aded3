import { LRUCache } from "lru-cache";

/**
 * Windows kept: one per key and data category in use. Only keys that exist reach the limiter (an unknown
 * key is refused before), so this is at most the active keys with a limit times a dozen categories. A
 * window is about 150 bytes, so 50,000 of them stay under 10 MB; past that the least recently used window
 * is dropped, and that key's next request starts a fresh count.
 */
export const maxWindows = 50_000;

interface Window {
  startsAt: number;
  used: number;
}

/** Counts one use of a key's limit in a data category: 0 when allowed, else the seconds until the window ends. */
export interface KeyRateLimiter {
  take(key: string, category: string, limit: { count: number; windowSeconds: number }): number | Promise<number>;
}

/**
 * Fixed-window counters per key and data category, in this process: SQLite's one instance. On PostgreSQL,
 * where several instances may share the database, SharedRateLimiter counts in the database instead.
 */
export class RateLimiter implements KeyRateLimiter {
  // No TTL: a window that has ended is recognised by its start and replaced on the key's next request.
  private readonly windows = new LRUCache<string, Window>({ max: maxWindows });

  /** Counts one use; returns 0 when allowed, else the seconds until the window ends. */
  take(key: string, category: string, limit: { count: number; windowSeconds: number }, now = Date.now()): number {
    const id = `${key}\u0000${category}`;
    const windowMs = limit.windowSeconds * 1000;
    const startsAt = now - (now % windowMs);
    let window = this.windows.get(id);
    if (!window || window.startsAt !== startsAt) {
      window = { startsAt, used: 0 };
      this.windows.set(id, window);
    }
    if (window.used >= limit.count) return Math.max(1, Math.ceil((startsAt + windowMs - now) / 1000));
    window.used += 1;
    return 0;
  }

  /** Windows held now. */
  get size(): number {
    return this.windows.size;
  }
}

export interface RateLimit {
  retryAfterSeconds: number;
  categories: string[];
  scope: "key" | "organization" | "project";
  reasonCode: string;
}

/** `X-Sentry-Rate-Limits: <retry_after>:<categories>:<scope>:<reason_code>, …` (sentry-protocol §3.3). */
export function formatRateLimits(limits: RateLimit[]): string {
  return limits.map((limit) => `${limit.retryAfterSeconds}:${limit.categories.join(";")}:${limit.scope}:${limit.reasonCode}`).join(", ");
}

export function rateLimitHeaders(limits: RateLimit[]): Record<string, string> {
  const retryAfter = Math.max(...limits.map((limit) => limit.retryAfterSeconds));
  return { "retry-after": String(retryAfter), "x-sentry-rate-limits": formatRateLimits(limits) };
}
