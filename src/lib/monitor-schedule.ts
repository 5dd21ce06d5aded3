import { CronExpressionParser } from "cron-parser";
import { LRUCache } from "lru-cache";

/** Sentry's interval units for monitor schedules. */
export const intervalUnits = ["minute", "hour", "day", "week", "month", "year"] as const;
export type IntervalUnit = (typeof intervalUnits)[number];

export type MonitorSchedule =
  | { type: "crontab"; crontab: string; timezone: string }
  | { type: "interval"; value: number; unit: IntervalUnit };

const minuteMs = 60_000;
const fixedUnitMs: Record<Exclude<IntervalUnit, "month" | "year">, number> = { minute: minuteMs, hour: 60 * minuteMs, day: 1_440 * minuteMs, week: 10_080 * minuteMs };
const nicknames = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);

/** Why a crontab is not one Sentry would take (five fields, or a nickname such as @daily), or null. */
export function crontabProblem(crontab: string): string | null {
  const text = crontab.trim();
  if (text.length === 0) return "the schedule is empty";
  if (text.length > 100) return "the schedule is longer than 100 characters";
  if (text.startsWith("@")) return nicknames.has(text.toLowerCase()) ? null : `unknown schedule nickname ${text}`;
  if (text.split(/\s+/).length !== 5) return "a crontab schedule has five fields: minute hour day-of-month month day-of-week";
  try {
    CronExpressionParser.parse(text, { strict: false });
    return null;
  } catch (error) {
    return `not a valid crontab schedule: ${(error as Error).message}`;
  }
}

/** Names found valid: building a DateTimeFormat costs about 100 µs, and every check-in with a config names one. */
const knownTimezones = new Set<string>();

/** Whether `timezone` is a tz database name this runtime knows. */
export function isKnownTimezone(timezone: string): boolean {
  if (knownTimezones.has(timezone)) return true;
  if (timezone.length === 0 || timezone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
  } catch {
    return false;
  }
  knownTimezones.add(timezone);
  return true;
}

/** A crontab's next tick per (expression, time zone, minute): check-ins of one schedule arrive in the same minutes. */
const nextTicks = new LRUCache<string, number>({ max: 10_000 });

/**
 * The next time a check-in is expected after one at `referenceMs`, as Sentry computes it: the reference is
 * cut to its minute; a crontab's next tick after it in the monitor's time zone (so "0 2 * * *" stays at 2:00
 * local time across daylight-saving changes), or the reference plus the interval (months and years by the
 * calendar, in UTC).
 */
export function nextExpectedAfter(schedule: MonitorSchedule, referenceMs: number): number {
  const reference = Math.floor(referenceMs / minuteMs) * minuteMs;
  if (schedule.type === "crontab") {
    const timezone = schedule.timezone || "UTC";
    const key = `${schedule.crontab}\u0000${timezone}\u0000${reference}`;
    let next = nextTicks.get(key);
    if (next === undefined) {
      next = CronExpressionParser.parse(schedule.crontab.trim(), { currentDate: new Date(reference), tz: timezone }).next().getTime();
      nextTicks.set(key, next);
    }
    return next;
  }
  const count = Math.max(1, Math.floor(schedule.value));
  if (schedule.unit === "month" || schedule.unit === "year") {
    const date = new Date(reference);
    if (schedule.unit === "month") date.setUTCMonth(date.getUTCMonth() + count);
    else date.setUTCFullYear(date.getUTCFullYear() + count);
    return date.getTime();
  }
  return reference + count * fixedUnitMs[schedule.unit];
}

/** The schedule in words for lists: "*\/5 * * * * (UTC)", "every 10 minutes". */
export function describeSchedule(schedule: MonitorSchedule): string {
  if (schedule.type === "crontab") return `${schedule.crontab} (${schedule.timezone || "UTC"})`;
  return schedule.value === 1 ? `every ${schedule.unit}` : `every ${schedule.value} ${schedule.unit}s`;
}
