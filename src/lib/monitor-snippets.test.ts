import { describe, expect, it } from "vitest";
import { checkInUrl, monitorSnippets } from "./monitor-snippets";

describe("monitorSnippets", () => {
  const base = { dsn: "https://abc@lantern.example.com/7", publicUrl: "https://lantern.example.com/", projectId: 7, publicKey: "abc", slug: "nightly-backup", checkinMargin: 5, maxRuntime: null };

  it("gives withMonitor the monitor's crontab, margin and time zone, sentry-cli its schedule, and the HTTP URL Sentry's endpoint has", () => {
    const [node, cli, http] = monitorSnippets({ ...base, schedule: { type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" } });
    expect(node!.code).toContain('Sentry.withMonitor("nightly-backup"');
    expect(node!.code).toContain('schedule: { type: "crontab", value: "0 2 * * *" }');
    expect(node!.code).toContain("checkinMargin: 5,");
    expect(node!.code).toContain("maxRuntime: 30,");
    expect(node!.code).toContain('timezone: "Europe/Vienna"');
    expect(cli!.code).toBe("SENTRY_DSN='https://abc@lantern.example.com/7' sentry-cli monitors run --schedule '0 2 * * *' --timezone 'Europe/Vienna' nightly-backup -- ./job.sh");
    expect(http!.code).toContain("curl 'https://lantern.example.com/api/7/cron/nightly-backup/abc/?status=ok'");
  });

  it("writes an interval schedule for the SDK and leaves it out of sentry-cli (which takes crontabs only)", () => {
    const [node, cli] = monitorSnippets({ ...base, schedule: { type: "interval", value: 10, unit: "minute" } });
    expect(node!.code).toContain('schedule: { type: "interval", value: 10, unit: "minute" }');
    expect(cli!.code).toBe("SENTRY_DSN='https://abc@lantern.example.com/7' sentry-cli monitors run nightly-backup -- ./job.sh");
  });

  it("builds the check-in URL without a doubled slash", () => {
    expect(checkInUrl("http://127.0.0.1:3000/", 3, "job", "key")).toBe("http://127.0.0.1:3000/api/3/cron/job/key/");
  });
});
