import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/schema";

export interface CachedKey {
  projectId: number;
  publicKey: string;
  rateLimit: { count: number; windowSeconds: number } | null;
}

/**
 * Known keys kept: one entry is about 300 bytes (two 32-character strings, a small object, the cache's
 * own slots), so 10,000 keys stay within a few MB. An instance with more active keys than that only pays
 * a query for the least recently used ones.
 */
export const maxKnownKeys = 10_000;
/**
 * Answers of the last second, found or not, and the lookups still running. Kept apart from the known keys
 * so that a flood of random keys churns only this cache, never the keys of real clients. A repeated bad
 * key (an old DSN in a fleet of devices) costs one query per second; random keys each cost one query
 * whatever the bound, so the bound only has to hold a second of distinct bad keys worth remembering.
 */
export const maxRecentLookups = 1_000;
// Unknown keys are remembered briefly, so a key created in the dashboard works within a second.
const unknownKeySeconds = 1;
// The database's public keys are 32 hex characters; anything far off that is refused without a query.
const publicKeyShape = /^\w{1,64}$/;

/**
 * Keys asked for in one turn of the event loop are looked up in one query (like the intake's group
 * commit), so a flood of random keys costs one query per turn, not one per request. Well under the bound
 * parameters of a statement in SQLite (32,766) and PostgreSQL (65,535).
 */
const maxKeysPerQuery = 500;

interface QueuedLookup {
  publicKey: string;
  resolve: (key: CachedKey | null) => void;
  reject: (error: unknown) => void;
}

interface KeyCacheOptions {
  /** Milliseconds for the caches' TTLs; tests pass a clock they move by hand. */
  clock?: () => number;
}

/**
 * Public key → project, rate limit; so authenticating a request costs no query. A key disabled or
 * changed in the dashboard takes effect here within `ttlSeconds`. Both caches are bounded LRUs, so
 * keys sent from outside cannot grow memory.
 */
export class KeyCache {
  private readonly known: LRUCache<string, CachedKey>;
  /**
   * The short-lived negative cache. It holds each lookup's promise from the start, so one query answers
   * every request that asks for the key meanwhile. (lru-cache's `fetch` would do the same, but makes an
   * AbortController per lookup: a quarter of a miss's CPU, and a flood is all misses.)
   */
  private readonly recent: LRUCache<string, Promise<CachedKey | null>>;
  /** Lookups waiting for the next query; as many as requests are waiting, and emptied every turn. */
  private readonly queued: QueuedLookup[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    ttlSeconds: number,
    options: KeyCacheOptions = {},
  ) {
    // A hand-moved clock must be read on every check, not lru-cache's default of once per millisecond.
    const clock = options.clock ? { perf: { now: options.clock }, ttlResolution: 0 } : {};
    // lru-cache reads a TTL of 0 as "never expires"; a configured 0 means "do not cache", so 1 ms.
    const ttlOf = (seconds: number) => Math.max(1, seconds * 1000);
    this.known = new LRUCache({ max: maxKnownKeys, ttl: ttlOf(ttlSeconds), ...clock });
    this.recent = new LRUCache({ max: maxRecentLookups, ttl: ttlOf(Math.min(ttlSeconds, unknownKeySeconds)), ...clock });
  }

  async get(publicKey: string): Promise<CachedKey | null> {
    if (!publicKeyShape.test(publicKey)) return null;
    const known = this.known.get(publicKey);
    if (known) return known;
    let lookup = this.recent.get(publicKey);
    if (!lookup) {
      // Evicted while running (a flood), a lookup still answers the requests that hold it.
      const started = this.load(publicKey);
      lookup = started;
      this.recent.set(publicKey, started);
      // A failed query is not remembered: the next request asks again.
      started.catch(() => {
        if (this.recent.peek(publicKey) === started) this.recent.delete(publicKey);
      });
    }
    const key = await lookup;
    if (key) this.known.set(publicKey, key);
    return key;
  }

  /** Entries held now: known keys plus recent lookups (the memory the caches can be made to use). */
  get size(): number {
    return this.known.size + this.recent.size;
  }

  /** Queues a lookup; every lookup asked for in one turn of the event loop shares one query. */
  private load(publicKey: string): Promise<CachedKey | null> {
    return new Promise((resolve, reject) => {
      if (this.queued.push({ publicKey, resolve, reject }) === 1) setImmediate(() => void this.loadQueued());
    });
  }

  private async loadQueued(): Promise<void> {
    const batch = this.queued.splice(0, maxKeysPerQuery);
    if (this.queued.length > 0) setImmediate(() => void this.loadQueued());
    try {
      const rows = await this.db
        .selectFrom("project_keys")
        .select(["project_id", "public_key", "rate_limit_count", "rate_limit_window_seconds"])
        .where("public_key", "in", [...new Set(batch.map((lookup) => lookup.publicKey))])
        .where("is_active", "=", 1)
        .execute();
      const found = new Map(rows.map((row) => [row.public_key, toCachedKey(row)]));
      for (const lookup of batch) lookup.resolve(found.get(lookup.publicKey) ?? null);
    } catch (error) {
      for (const lookup of batch) lookup.reject(error);
    }
  }
}

function toCachedKey(row: { project_id: number; public_key: string; rate_limit_count: number | null; rate_limit_window_seconds: number | null }): CachedKey {
  const rateLimit = row.rate_limit_count && row.rate_limit_window_seconds ? { count: row.rate_limit_count, windowSeconds: row.rate_limit_window_seconds } : null;
  return { projectId: row.project_id, publicKey: row.public_key, rateLimit };
}
