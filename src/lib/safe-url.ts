/**
 * A URL from event data that may become a link: only absolute http(s) URLs, so that an SDK (or anyone
 * holding a DSN) cannot put `javascript:` or `data:` links on the dashboard. Null for anything else.
 */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 4096) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
