import { describe, expect, it } from "vitest";
import { crontabProblem, describeSchedule, isKnownTimezone, nextExpectedAfter } from "./monitor-schedule";

const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe("monitor schedules", () => {
  it("a crontab's next tick is in the monitor's time zone, and keeps its local time across daylight-saving changes", () => {
    const daily = { type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" } as const;
    // Winter (UTC+1): 02:00 in Vienna is 01:00 UTC.
    expect(iso(nextExpectedAfter(daily, at("2026-03-27T12:00:00Z")))).toBe("2026-03-28T01:00:00.000Z");
    // The clocks go forward on 29 March 2026: from then on 02:00 in Vienna is 00:00 UTC (summer, UTC+2).
    expect(iso(nextExpectedAfter(daily, at("2026-03-29T12:00:00Z")))).toBe("2026-03-30T00:00:00.000Z");
    // And back on 25 October 2026, when 02:00 comes twice: the job is expected once, at the first, then at
    // 02:00 winter time (01:00 UTC) the day after.
    expect(iso(nextExpectedAfter(daily, at("2026-10-24T12:00:00Z")))).toBe("2026-10-25T00:00:00.000Z");
    expect(iso(nextExpectedAfter(daily, at("2026-10-25T00:00:30Z")))).toBe("2026-10-26T01:00:00.000Z");
    const utc = { type: "crontab", crontab: "*/5 * * * *", timezone: "UTC" } as const;
    expect(iso(nextExpectedAfter(utc, at("2026-11-30T10:02:31Z")))).toBe("2026-11-30T10:05:00.000Z");
    // A check-in on the tick itself expects the next one.
    expect(iso(nextExpectedAfter(utc, at("2026-11-30T10:05:20Z")))).toBe("2026-11-30T10:10:00.000Z");
  });

  it("an interval counts from the check-in's minute; months and years by the calendar", () => {
    expect(iso(nextExpectedAfter({ type: "interval", value: 10, unit: "minute" }, at("2026-11-30T10:02:31Z")))).toBe("2026-11-30T10:12:00.000Z");
    expect(iso(nextExpectedAfter({ type: "interval", value: 2, unit: "hour" }, at("2026-11-30T10:02:31Z")))).toBe("2026-11-30T12:02:00.000Z");
    expect(iso(nextExpectedAfter({ type: "interval", value: 1, unit: "week" }, at("2026-11-30T10:02:00Z")))).toBe("2026-12-07T10:02:00.000Z");
    expect(iso(nextExpectedAfter({ type: "interval", value: 1, unit: "month" }, at("2026-11-30T10:02:00Z")))).toBe("2026-12-30T10:02:00.000Z");
    expect(iso(nextExpectedAfter({ type: "interval", value: 1, unit: "year" }, at("2026-11-30T10:02:00Z")))).toBe("2027-11-30T10:02:00.000Z");
  });

  it("takes five-field crontabs and nicknames, and says what is wrong with others", () => {
    expect(crontabProblem("*/5 * * * *")).toBeNull();
    expect(crontabProblem("@daily")).toBeNull();
    expect(crontabProblem("0 2 * * 1-5")).toBeNull();
    expect(crontabProblem("* * * *")).toContain("five fields");
    expect(crontabProblem("0 * * * * *")).toContain("five fields");
    expect(crontabProblem("99 * * * *")).toContain("not a valid crontab");
    expect(crontabProblem("@sometimes")).toContain("unknown schedule nickname");
    expect(crontabProblem("")).toContain("empty");
  });

  it("knows tz database names and refuses others", () => {
    expect(isKnownTimezone("Europe/Vienna")).toBe(true);
    expect(isKnownTimezone("UTC")).toBe(true);
    expect(isKnownTimezone("Mars/Olympus_Mons")).toBe(false);
    expect(isKnownTimezone("")).toBe(false);
  });

  it("describes schedules for lists", () => {
    expect(describeSchedule({ type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" })).toBe("0 2 * * * (Europe/Vienna)");
    expect(describeSchedule({ type: "interval", value: 1, unit: "hour" })).toBe("every hour");
    expect(describeSchedule({ type: "interval", value: 10, unit: "minute" })).toBe("every 10 minutes");
  });
});
