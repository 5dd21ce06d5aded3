/**
 * Fixed-window counters per key and data category. Each Lantern process counts on its own; with several
 * instances behind a load balancer a key's effective limit is the per-instance limit times the instances.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startsAt: number; used: number }>();

  /** Counts one use; returns 0 when allowed, else the seconds until the window ends. */
  take(key: string, category: string, limit: { count: number; windowSeconds: number }, now = Date.now()): number {
    const id = `${key}\u0000${category}`;
    const windowMs = limit.windowSeconds * 1000;
    const startsAt = now - (now % windowMs);
    let window = this.windows.get(id);
    if (!window || window.startsAt !== startsAt) {
      window = { startsAt, used: 0 };
      this.windows.set(id, window);
      if (this.windows.size > 100_000) this.evictBefore(startsAt);
    }
    if (window.used >= limit.count) return Math.max(1, Math.ceil((startsAt + windowMs - now) / 1000));
    window.used += 1;
    return 0;
  }

  private evictBefore(startsAt: number): void {
    for (const [id, window] of this.windows) if (window.startsAt < startsAt) this.windows.delete(id);
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
