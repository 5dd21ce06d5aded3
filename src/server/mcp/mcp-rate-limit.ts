import { LRUCache } from "lru-cache";

interface Window {
  startedAt: number;
  count: number;
}

const windowMs = 60_000;
const windows = new LRUCache<string, Window>({ max: 10_000 });

/**
 * Counts a token's requests per minute (a fixed window per token, in this process): null while under
 * `limit`, else the seconds until the window ends. Keyed by a hash of the token, never the token itself.
 */
export function takeMcpCall(tokenKey: string, limit: number, now = Date.now()): number | null {
  let window = windows.get(tokenKey);
  if (!window || now - window.startedAt >= windowMs) {
    window = { startedAt: now, count: 0 };
    windows.set(tokenKey, window);
  }
  if (window.count >= limit) return Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
  window.count += 1;
  return null;
}
