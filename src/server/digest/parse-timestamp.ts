/**
 * Event timestamps arrive as Unix seconds (a float) or RFC 3339 text, the timezone optional (UTC) and
 * fractional seconds allowed (sentry-protocol §4.1). Returns float seconds, or null when invalid.
 */
const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):?(\d{2})?)?$/;
const longestTimestamp = 64;
const maxDateMs = 8.64e15;

export function parseTimestamp(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || value.length > longestTimestamp) return null;
  const match = rfc3339.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March; a round trip catches that.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || date.getUTCHours() !== hour || date.getUTCMinutes() !== minute || date.getUTCSeconds() !== second) {
    return null;
  }
  let seconds = ms / 1000 + (match[7] ? Number(`0${match[7]}`) : 0);
  if (match[9]) {
    const offsetHours = Number(match[10]);
    const offsetMinutes = Number(match[11] ?? 0);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offset = (offsetHours * 60 + offsetMinutes) * 60;
    seconds += match[9] === "+" ? -offset : offset;
  }
  return seconds >= 0 ? seconds : null;
}

/** RFC 3339 for error messages; seconds outside Date's range are shown as the number. */
export function formatTimestamp(seconds: number): string {
  const ms = seconds * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= maxDateMs ? new Date(ms).toISOString() : String(seconds);
}
