/**
 * How long before (−) or after (+) the event something happened, for the breadcrumb timeline:
 * "−350 ms", "−1.25 s", "−12 s", "−3 min 05 s", "−2 h 07 min". Under a second it counts milliseconds, so a
 * click a few milliseconds before the error does not read as "0.00 s". The sign is a real minus sign, so
 * screen readers say it.
 */
export function formatOffset(milliseconds: number): string {
  const rounded = Math.round(milliseconds);
  const sign = rounded < 0 ? "−" : rounded > 0 ? "+" : "";
  const elapsed = Math.abs(rounded);
  if (elapsed < 1000) return `${sign}${elapsed} ms`;
  if (elapsed < 10_000) return `${sign}${(elapsed / 1000).toFixed(2)} s`;
  const seconds = Math.round(elapsed / 1000);
  if (seconds < 60) return `${sign}${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${sign}${minutes} min ${String(seconds % 60).padStart(2, "0")} s`;
  const hours = Math.floor(minutes / 60);
  return `${sign}${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
}

const timeOfDayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The time of day to the millisecond, "14:03:07.512", in `timeZone` (an IANA name such as "Europe/Berlin";
 * an unknown one falls back to UTC). The server renders UTC; the viewer's browser re-renders in its own zone.
 */
export function formatTimeOfDay(time: number, timeZone: string): string {
  let format = timeOfDayFormats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", second: "2-digit", fractionalSecondDigits: 3, hourCycle: "h23" };
    try {
      format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" });
    }
    timeOfDayFormats.set(timeZone, format);
  }
  return format.format(new Date(time));
}
