import { describe, expect, it } from "vitest";
import { monitorChangesFromApi, monitorChangesFromForm, parseMonitorSettings } from "./monitor-input";

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? "";

describe("monitor input", () => {
  it("reads a crontab form without the interval's fields, and an interval form without the crontab", () => {
    const { changes } = monitorChangesFromForm(form({ name: "Nightly", scheduleType: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna", failureIssueThreshold: "1", recoveryThreshold: "1" }));
    expect(parseMonitorSettings(changes, null)).toMatchObject({ slug: "nightly", schedule: { type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" }, checkinMargin: null, maxRuntime: null, status: "active", isMuted: false });
    const interval = monitorChangesFromForm(form({ name: "Often", scheduleType: "interval", intervalValue: "15", intervalUnit: "minute", timezone: "UTC", failureIssueThreshold: "2", recoveryThreshold: "1", status: "disabled", isMuted: "on", checkinMargin: "4" }));
    expect(parseMonitorSettings(interval.changes, null)).toMatchObject({ schedule: { type: "interval", value: 15, unit: "minute" }, status: "disabled", isMuted: true, checkinMargin: 4, failureIssueThreshold: 2 });
  });

  it("names a bad field as the form shows it, or as Sentry's API does", () => {
    expect(() => parseMonitorSettings({ name: "x", scheduleType: "crontab", crontab: "* * * * * *" }, null)).toThrow(/^Crontab expression: a crontab schedule has five fields/);
    expect(() => parseMonitorSettings(monitorChangesFromApi({ name: "x", config: { schedule: "* * * * * *" } }), null, "api")).toThrow(/^config\.schedule: /);
    expect(() => parseMonitorSettings(monitorChangesFromApi({ name: "x", config: { schedule: [0, "minute"] } }), null, "api")).toThrow("config.schedule: must be at least 1");
    expect(() => monitorChangesFromApi([])).toThrow("body: expected a JSON object");
    expect(() => monitorChangesFromApi({ config: "daily" })).toThrow("config: expected a JSON object");
  });

  it("reads Sentry's interval as [count, unit] and keeps what a partial body does not name", () => {
    const base = monitorChangesFromApi({ name: "Job", config: { schedule: "*/5 * * * *", timezone: "Asia/Tokyo", checkin_margin: 3 } });
    const settings = parseMonitorSettings(base, null, "api");
    expect(settings).toMatchObject({ schedule: { type: "crontab", crontab: "*/5 * * * *", timezone: "Asia/Tokyo" }, checkinMargin: 3 });
    const changed = parseMonitorSettings(monitorChangesFromApi({ config: { schedule_type: "interval", schedule: [2, "hour"] } }), base, "api");
    expect(changed).toMatchObject({ name: "Job", schedule: { type: "interval", value: 2, unit: "hour" }, timezone: "Asia/Tokyo", checkinMargin: 3 });
  });
});
