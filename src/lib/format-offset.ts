/**
 * How long before (−) or after (+) the event something happened, for the breadcrumb timeline:
 * "−0.35 s", "−12 s", "−3 min 05 s", "−2 h 07 min". The sign is a real minus sign, so screen readers say it.
 */
export function formatOffset(milliseconds: number): string {
  const sign = milliseconds < 0 ? "−" : milliseconds > 0 ? "+" : "";
  const elapsed = Math.abs(milliseconds);
  if (elapsed < 10_000) return `${sign}${(elapsed / 1000).toFixed(2)} s`;
  const seconds = Math.round(elapsed / 1000);
  if (seconds < 60) return `${sign}${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${sign}${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  const hours = Math.floor(minutes / 60);
  return `${sign}${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
}
