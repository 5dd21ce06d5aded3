import { describe, expect, it } from "vitest";
import { nilCheckInId, readCheckIn } from "./read-check-in-item";

const origin = { projectId: 7, intakeId: 3, receivedAt: 1_000 };

describe("readCheckIn", () => {
  it("reads what @sentry/node sends: the id without dashes, the duration in milliseconds, the trace, the monitor_config", () => {
    const checkIn = readCheckIn(
      {
        check_in_id: "5D4C6C7F-9E8B-4F3A-8C2D-1B0A9E8D7C6B",
        monitor_slug: "Nightly Report",
        status: "ok",
        duration: 1.25,
        environment: "staging",
        release: "jobs@1.0.0",
        contexts: { trace: { trace_id: "0123456789ABCDEF0123456789ABCDEF" } },
        monitor_config: { schedule: { type: "crontab", value: "0 2 * * *" }, checkin_margin: 5, max_runtime: 30, timezone: "Europe/Vienna", failure_issue_threshold: 2, recovery_threshold: 3 },
      },
      origin,
    );
    expect(checkIn).toMatchObject({
      projectId: 7,
      intakeId: 3,
      slug: "nightly-report",
      checkInId: "5d4c6c7f9e8b4f3a8c2d1b0a9e8d7c6b",
      status: "ok",
      durationMs: 1250,
      environment: "staging",
      release: "jobs@1.0.0",
      traceId: "0123456789abcdef0123456789abcdef",
      config: { schedule: { type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" }, timezone: "Europe/Vienna", checkinMargin: 5, maxRuntime: 30, failureIssueThreshold: 2, recoveryThreshold: 3 },
    });
  });

  it("defaults: no id is the nil id, no environment is production, no config is null", () => {
    expect(readCheckIn({ monitor_slug: "job", status: "in_progress" }, origin)).toMatchObject({ checkInId: nilCheckInId, environment: "production", config: null, durationMs: null });
  });

  it("refuses what no monitor can count, with the reason", () => {
    expect(() => readCheckIn({ monitor_slug: "job", status: "missed" }, origin)).toThrow(/not in_progress, ok or error/);
    expect(() => readCheckIn({ monitor_slug: "***", status: "ok" }, origin)).toThrow(/monitor_slug/);
    expect(() => readCheckIn({ monitor_slug: "job", status: "ok", check_in_id: "not-a-uuid" }, origin)).toThrow(/UUID/);
    expect(() => readCheckIn({ status: "ok" }, origin)).toThrow(/monitor_slug/);
    expect(() => readCheckIn({ monitor_slug: "job", status: "ok", monitor_config: { schedule: { type: "interval", value: 0, unit: "minute" } } }, origin)).toThrow(/monitor_config.schedule/);
    expect(() => readCheckIn({ monitor_slug: "job", status: "ok", monitor_config: { schedule: { type: "interval", value: 5, unit: "fortnight" } } }, origin)).toThrow(/monitor_config/);
    expect(() => readCheckIn({ monitor_slug: "job", status: "ok", monitor_config: { schedule: { type: "crontab", value: "0 2 * * *" }, timezone: "Mars/Base" } }, origin)).toThrow(/time zone/);
  });
});
