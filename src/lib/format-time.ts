const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "3 minutes ago" — coarse on purpose; the exact time goes in a title attribute. */
export function formatRelativeTime(time: number, now = Date.now()): string {
  const elapsed = time - now;
  for (const [unit, size] of units) {
    if (Math.abs(elapsed) >= size || unit === "second") return relative.format(Math.round(elapsed / size), unit);
  }
  return "";
}

export function formatTimestamp(time: number): string {
  return new Date(time).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
}
