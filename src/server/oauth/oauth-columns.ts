/** better-auth's lists are jsonb (parsed) in PostgreSQL and JSON text in SQLite. */
export function readJsonList(value: unknown): string[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
}

/** better-auth's timestamps are Date in PostgreSQL and ISO text in SQLite; epoch milliseconds either way. */
export function readTime(value: Date | string | null): number {
  if (value === null) return Number.NaN;
  return value instanceof Date ? value.getTime() : Date.parse(value);
}
