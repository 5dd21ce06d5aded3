import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestConfig } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { nextExpectedAfter } from "@/lib/monitor-schedule";
import { systemContext } from "../access/system-context";
import type { AccessContext } from "../access/authorize";
import { isAppError } from "../errors";
import { insertProject } from "../projects/insert-project";
import { createMonitor } from "./create-monitor";
import { deleteMonitor } from "./delete-monitor";
import { getMonitor } from "./get-monitor";
import { getMonitorStats } from "./get-monitor-stats";
import { listMonitorCheckIns } from "./list-monitor-check-ins";
import { listMonitorIssues } from "./list-monitor-issues";
import { listMonitors } from "./list-monitors";
import { updateMonitor } from "./update-monitor";

/** The cron monitor verbs on a real database, with environments and check-ins inserted as the ingest stores them. */
describe(`cron monitor verbs on ${testDialect}`, () => {
  let database: TestDatabase;
  let context: AccessContext;
  let projectSlug = "";
  let projectId = 0;
  const hourMs = 3_600_000;

  async function refusal(promise: Promise<unknown>): Promise<string> {
    try {
      await promise;
      return "allowed";
    } catch (error) {
      if (isAppError(error)) return `${error.code}: ${error.message}`;
      throw error;
    }
  }

  async function addEnvironment(monitorId: number, environment: string, fields: { last?: number | null; next?: number | null; status?: string } = {}): Promise<number> {
    const row = await database.db
      .insertInto("monitor_environments")
      .values({ monitor_id: monitorId, project_id: projectId, environment, status: fields.status ?? "ok", last_checkin_at: fields.last ?? null, next_checkin_at: fields.next ?? null, next_checkin_latest: fields.next ?? null, created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  let checkInSequence = 0;
  async function addCheckIn(monitorId: number, environmentId: number, status: string, dateAdded: number, durationMs: number | null = null, issueId: number | null = null): Promise<void> {
    checkInSequence += 1;
    await database.db
      .insertInto("monitor_checkins")
      .values({ monitor_id: monitorId, monitor_environment_id: environmentId, project_id: projectId, check_in_id: checkInSequence.toString(16).padStart(32, "0"), status, duration_ms: durationMs, date_added: dateAdded, date_updated: dateAdded, expected_time: null, issue_id: issueId })
      .execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    context = systemContext(database, createTestConfig());
    const { project } = await insertProject(database.db, { name: "cron shop", platform: "node" });
    projectSlug = project.slug;
    projectId = project.id;
  });

  afterAll(async () => {
    await database?.destroy();
  });

  it("creates a crontab monitor with a slug from its name and no environment (nothing is expected before the first check-in)", async () => {
    const monitor = await createMonitor(context, { projectSlug, changes: { name: "Nightly Backup", scheduleType: "crontab", crontab: "0  2 * * *", timezone: "Europe/Vienna", checkinMargin: "5", maxRuntime: "" } });
    expect(monitor).toMatchObject({ slug: "nightly-backup", name: "Nightly Backup", status: "active", isMuted: false, checkinMargin: 5, maxRuntime: null, timezone: "Europe/Vienna", failureIssueThreshold: 1, recoveryThreshold: 1, environments: [] });
    expect(monitor.schedule).toEqual({ type: "crontab", crontab: "0 2 * * *", timezone: "Europe/Vienna" });
    expect(monitor.scheduleText).toBe("0 2 * * * (Europe/Vienna)");
    const audit = await database.db.selectFrom("audit_log").select("action").where("action", "=", "monitor.created").execute();
    expect(audit).toHaveLength(1);
  });

  it("refuses a bad crontab, an unknown time zone, a taken slug and an all-digit slug, naming the field", async () => {
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "crontab", crontab: "61 * * * *" } }))).toMatch(/^bad_request: Crontab expression: not a valid crontab/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "crontab", crontab: "* * *" } }))).toMatch(/five fields/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "crontab", crontab: "@daily", timezone: "Mars/Olympus" } }))).toMatch(/^bad_request: Time zone:/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "Nightly backup", scheduleType: "interval", intervalValue: 1, intervalUnit: "day" } }))).toMatch(/already in use/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", slug: "123", scheduleType: "interval", intervalValue: 1, intervalUnit: "day" } }))).toMatch(/only digits/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "interval", intervalValue: 0, intervalUnit: "day" } }))).toBe("bad_request: Interval: must be at least 1");
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "interval", intervalValue: 2, intervalUnit: "fortnight" } }))).toMatch(/^bad_request: Interval unit: the interval's unit is one of minute, hour/);
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "crontab", crontab: "@daily", checkinMargin: "soon" } }))).toBe("bad_request: Check-in margin: must be a whole number");
    expect(await refusal(createMonitor(context, { projectSlug, changes: { name: "x", scheduleType: "crontab", crontab: "@daily", maxRuntime: 50_000 } }))).toBe("bad_request: Max runtime: must be at most 40,320");
  });

  it("two creations of one slug at once: one monitor, and the other caller is told the slug is taken", async () => {
    const create = () => createMonitor(context, { projectSlug, changes: { name: "Racing job", scheduleType: "interval", intervalValue: 5, intervalUnit: "minute" } });
    const outcomes = await Promise.all([refusal(create()), refusal(create())]);
    expect(outcomes.sort()).toEqual(["allowed", 'bad_request: slug: the slug "racing-job" is already in use in this project']);
    await deleteMonitor(context, { projectSlug, monitor: "racing-job" });
  });

  it("an edited schedule moves each environment's next expected check-in; one without a check-in stays unexpected", async () => {
    const monitor = await createMonitor(context, { projectSlug, changes: { name: "Every five", scheduleType: "crontab", crontab: "*/5 * * * *" } });
    const last = Date.UTC(2026, 0, 10, 12, 3);
    await addEnvironment(monitor.id, "production", { last, next: Date.UTC(2026, 0, 10, 12, 5) });
    await addEnvironment(monitor.id, "staging", { last: null, next: null, status: "active" });
    const updated = await updateMonitor(context, { projectSlug, monitor: monitor.slug, changes: { scheduleType: "interval", intervalValue: "2", intervalUnit: "hour", checkinMargin: 10 } });
    expect(updated.schedule).toEqual({ type: "interval", value: 2, unit: "hour" });
    expect(updated.scheduleText).toBe("every 2 hours");
    const production = updated.environments.find((environment) => environment.name === "production")!;
    const expected = nextExpectedAfter({ type: "interval", value: 2, unit: "hour" }, last);
    expect(production.nextCheckInAt).toBe(expected);
    expect(production.nextCheckInLatest).toBe(expected + 10 * 60_000);
    const staging = updated.environments.find((environment) => environment.name === "staging")!;
    expect(staging.nextCheckInAt).toBeNull();

    const disabled = await updateMonitor(context, { projectSlug, monitor: monitor.slug, changes: { status: "disabled" } });
    expect(disabled.status).toBe("disabled");
    expect(disabled.environments.every((environment) => environment.nextCheckInLatest === null)).toBe(true);
    const before = Date.now();
    const enabled = await updateMonitor(context, { projectSlug, monitor: monitor.slug, changes: { status: "active", isMuted: true } });
    const again = enabled.environments.find((environment) => environment.name === "production")!;
    // Enabled again: counted from now, so the time it was off is not a row of missed check-ins.
    expect(again.nextCheckInAt).toBeGreaterThan(before);
    expect(enabled.isMuted).toBe(true);
    expect(enabled.environments.every((environment) => environment.isMuted)).toBe(true);
  });

  it("lists check-ins newest first per environment and pages them, counts stats per bucket (every bucket present) and finds the issues", async () => {
    const monitor = await createMonitor(context, { projectSlug, changes: { name: "Hourly import", scheduleType: "crontab", crontab: "0 * * * *" } });
    const production = await addEnvironment(monitor.id, "production");
    const staging = await addEnvironment(monitor.id, "staging");
    const start = Date.UTC(2026, 0, 10, 0, 0);
    const issue = await database.db
      .insertInto("issues")
      .values({ project_id: projectId, type: "monitor_check_in_failure", title: "Cron failure: hourly-import", culprit: "", level: "error", platform: "other", status: "unresolved", substatus: "new", resolution: null, ignore_condition: null, merged_into_id: null, first_seen: start, last_seen: start + hourMs, times_seen: 2, users_seen: 0, first_release: null, last_release: null, status_changed_at: start })
      .returning("id")
      .executeTakeFirstOrThrow();
    await addCheckIn(monitor.id, production, "ok", start + 1_000, 1_000);
    await addCheckIn(monitor.id, production, "ok", start + 2_000, 3_000);
    await addCheckIn(monitor.id, production, "error", start + hourMs + 1_000, 500, Number(issue.id));
    await addCheckIn(monitor.id, production, "missed", start + 3 * hourMs + 60_000, null, Number(issue.id));
    await addCheckIn(monitor.id, staging, "timeout", start + 2 * hourMs, null);
    await addCheckIn(monitor.id, staging, "in_progress", start + 3 * hourMs + 1, null);

    const all = await listMonitorCheckIns(context, { projectSlug, monitor: monitor.slug });
    expect(all.checkIns.map((checkIn) => checkIn.status)).toEqual(["missed", "in_progress", "timeout", "error", "ok", "ok"]);
    const onlyProduction = await listMonitorCheckIns(context, { projectSlug, monitor: monitor.slug, environment: "production" });
    expect(onlyProduction.checkIns.every((checkIn) => checkIn.environment === "production")).toBe(true);
    expect(onlyProduction.checkIns).toHaveLength(4);
    const first = await listMonitorCheckIns(context, { projectSlug, monitor: monitor.slug, limit: 2 });
    expect(first.fetched).toHaveLength(3);
    const last = first.checkIns.at(-1)!;
    const second = await listMonitorCheckIns(context, { projectSlug, monitor: monitor.slug, limit: 2, cursor: { value: last.dateAdded, id: last.id, isPrevious: false } });
    expect(second.checkIns.map((checkIn) => checkIn.status)).toEqual(["timeout", "error"]);

    const { buckets } = await getMonitorStats(context, { projectSlug, monitor: monitor.slug, since: start, until: start + 5 * hourMs, resolution: hourMs });
    expect(buckets.map((bucket) => bucket.ts)).toEqual([0, 1, 2, 3, 4].map((hour) => start + hour * hourMs));
    expect(buckets[0]).toEqual({ ts: start, ok: 2, error: 0, missed: 0, timeout: 0, inProgress: 0, durationAvg: 2_000 });
    expect(buckets[1]).toMatchObject({ error: 1, durationAvg: 500 });
    expect(buckets[2]).toMatchObject({ timeout: 1, durationAvg: null });
    expect(buckets[3]).toMatchObject({ missed: 1, inProgress: 1 });
    expect(buckets[4]).toMatchObject({ ok: 0, error: 0, missed: 0, timeout: 0, inProgress: 0 });
    const stagingStats = await getMonitorStats(context, { projectSlug, monitor: monitor.slug, since: start, until: start + 5 * hourMs, resolution: hourMs, environment: "staging" });
    expect(stagingStats.buckets.reduce((sum, bucket) => sum + bucket.ok, 0)).toBe(0);
    expect(await refusal(getMonitorStats(context, { projectSlug, monitor: monitor.slug, since: start, until: start + 90 * 24 * hourMs, resolution: 60_000 }))).toMatch(/buckets/);

    const { issues } = await listMonitorIssues(context, { projectSlug, monitor: monitor.slug });
    expect(issues.map((found) => ({ id: found.id, title: found.title }))).toEqual([{ id: Number(issue.id), title: "Cron failure: hourly-import" }]);
  });

  it("lists monitors of a project and of every project, finds one by id or slug, and deletes it with its check-ins", async () => {
    const other = await insertProject(database.db, { name: "cron blog", platform: "node" });
    await createMonitor(context, { projectSlug: other.project.slug, changes: { name: "Nightly backup", scheduleType: "interval", intervalValue: 1, intervalUnit: "day" } });
    const inShop = await listMonitors(context, { projectSlug });
    expect(inShop.map((monitor) => monitor.slug)).toEqual(["nightly-backup", "every-five", "hourly-import"]);
    expect((await listMonitors(context, {})).length).toBe(4);
    expect((await listMonitors(context, { query: "hourly" })).map((monitor) => monitor.slug)).toEqual(["hourly-import"]);
    // The slug is in two projects: without the project it is ambiguous, by id it is not.
    expect(await refusal(getMonitor(context, { monitor: "nightly-backup" }))).toMatch(/^bad_request: Several projects/);
    const byId = await getMonitor(context, { monitor: String(inShop[2]!.id) });
    expect(byId.slug).toBe("hourly-import");
    expect(await refusal(getMonitor(context, { projectSlug, monitor: "no-such" }))).toMatch(/^not_found/);
    await deleteMonitor(context, { projectSlug, monitor: "hourly-import" });
    expect(await refusal(getMonitor(context, { projectSlug, monitor: "hourly-import" }))).toMatch(/^not_found/);
    expect(await database.db.selectFrom("monitor_checkins").select("id").where("monitor_id", "=", byId.id).execute()).toEqual([]);
  });
});
