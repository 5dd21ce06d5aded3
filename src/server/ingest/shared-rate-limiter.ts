import { sql, type Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/schema";
import { maxWindows, RateLimiter, type KeyRateLimiter } from "./rate-limiter";

interface Waiting {
  publicKey: string;
  category: string;
  limit: { count: number; windowSeconds: number };
  answers: ((retryAfterSeconds: number) => void)[];
}

/**
 * A key's limit counted in the database, so it holds across every instance on one PostgreSQL database
 * (`rate_limit_windows`, one row per key and category). The same fixed windows as the in-process
 * RateLimiter, aligned on the database's clock. What it costs: the uses of one key and category asked for
 * in one event-loop turn share one upsert, which returns the window's count after adding them all; the
 * first `limit - before` of them are allowed. Once a window is full, this process refuses that key and
 * category from memory until the window ends, so a client hammering past its limit costs no query.
 * Should the database not answer, this process's own count decides meanwhile (logged), rather than
 * refusing ingest or letting everything through.
 */
export class SharedRateLimiter implements KeyRateLimiter {
  private waiting = new Map<string, Waiting>();
  /** Full windows: when each ends, on this process's clock. */
  private readonly full = new LRUCache<string, number>({ max: maxWindows });
  private readonly fallback = new RateLimiter();
  private hasLoggedFailure = false;

  constructor(private readonly db: Kysely<Database>) {}

  take(publicKey: string, category: string, limit: { count: number; windowSeconds: number }): Promise<number> | number {
    const id = `${publicKey}\u0000${category}\u0000${limit.count}\u0000${limit.windowSeconds}`;
    const fullUntil = this.full.get(id);
    if (fullUntil !== undefined) {
      if (Date.now() < fullUntil) return Math.max(1, Math.ceil((fullUntil - Date.now()) / 1000));
      this.full.delete(id);
    }
    return new Promise((resolve) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const entry = this.waiting.get(id) ?? this.waiting.set(id, { publicKey, category, limit, answers: [] }).get(id)!;
      entry.answers.push(resolve);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = new Map();
    await Promise.all([...batch].map(([id, entry]) => this.count(id, entry)));
  }

  private async count(id: string, { publicKey, category, limit, answers }: Waiting): Promise<void> {
    const windowMs = limit.windowSeconds * 1000;
    const asked = Date.now();
    let row: { used: number; window_start: number; now: number };
    try {
      const result = await sql<{ used: number; window_start: number; now: number }>`
        with clock as (select (extract(epoch from clock_timestamp()) * 1000)::bigint as now)
        insert into rate_limit_windows (public_key, category, window_start, used)
        select ${publicKey}, ${category}, now - now % ${windowMs}, ${answers.length} from clock
        on conflict (public_key, category) do update set
          used = case when rate_limit_windows.window_start = excluded.window_start then rate_limit_windows.used + excluded.used else excluded.used end,
          window_start = excluded.window_start
        returning used, window_start, (extract(epoch from clock_timestamp()) * 1000)::bigint as now`.execute(this.db);
      row = result.rows[0]!;
    } catch (error) {
      if (!this.hasLoggedFailure) console.error("lantern: the shared rate limit could not be counted; this instance counts alone meanwhile", error);
      this.hasLoggedFailure = true;
      for (const answer of answers) answer(this.fallback.take(publicKey, category, limit));
      return;
    }
    this.hasLoggedFailure = false;
    const used = Number(row.used);
    const before = used - answers.length;
    const allowed = Math.max(0, Math.min(answers.length, limit.count - before));
    const msLeft = Number(row.window_start) + windowMs - Number(row.now);
    const retryAfterSeconds = Math.max(1, Math.ceil(msLeft / 1000));
    if (used >= limit.count) this.full.set(id, asked + msLeft);
    answers.forEach((answer, index) => answer(index < allowed ? 0 : retryAfterSeconds));
  }
}
