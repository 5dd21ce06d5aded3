import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface CachedKey {
  projectId: number;
  publicKey: string;
  rateLimit: { count: number; windowSeconds: number } | null;
}

interface Entry {
  key: CachedKey | null;
  expiresAt: number;
}

// Unknown keys are remembered briefly, so a flood with a bad key costs one query per second, not per request.
const unknownKeySeconds = 1;

/**
 * Public key → project, rate limit; so authenticating a request costs no query. A key disabled or
 * changed in the dashboard takes effect here within `ttlSeconds`.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedKey | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlSeconds: number,
  ) {}

  async get(publicKey: string, now = Date.now()): Promise<CachedKey | null> {
    const entry = this.entries.get(publicKey);
    if (entry && entry.expiresAt > now) return entry.key;
    let lookup = this.pending.get(publicKey);
    if (!lookup) {
      lookup = this.load(publicKey).finally(() => this.pending.delete(publicKey));
      this.pending.set(publicKey, lookup);
    }
    const key = await lookup;
    this.entries.set(publicKey, { key, expiresAt: now + (key ? this.ttlSeconds : Math.min(this.ttlSeconds, unknownKeySeconds)) * 1000 });
    return key;
  }

  private async load(publicKey: string): Promise<CachedKey | null> {
    if (!/^\w{1,64}$/.test(publicKey)) return null;
    const row = await this.db
      .selectFrom("project_keys")
      .select(["project_id", "public_key", "rate_limit_count", "rate_limit_window_seconds"])
      .where("public_key", "=", publicKey)
      .where("is_active", "=", 1)
      .executeTakeFirst();
    if (!row) return null;
    const rateLimit = row.rate_limit_count && row.rate_limit_window_seconds ? { count: row.rate_limit_count, windowSeconds: row.rate_limit_window_seconds } : null;
    return { projectId: row.project_id, publicKey: row.public_key, rateLimit };
  }
}
