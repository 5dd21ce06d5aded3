import { spawn } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { dsnFor, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "../../../tests/support/webhook-receiver";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createNotificationChannel } from "../alerts/create-notification-channel";
import { actionIds, conditionIds, filterIds, issueCategories } from "../alerts/rule-schema";
import type { WebhookBody } from "../alerts/format-webhook";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { parseIssueQuery } from "../issues/search/parse-issue-query";
import { searchIssues } from "../issues/search/search-issues";
import { cronIssueType } from "@/lib/issue-types";
import { markOverdueCheckIns } from "./mark-overdue-check-ins";
import { checkInsKeptDays, pruneCheckIns } from "./prune-check-ins";

const minute = 60_000;
const sentryCli = "node_modules/.bin/sentry-cli";

/** The real sentry-cli binary with only a DSN, as a crontab line would run it. */
function runSentryCli(args: string[], environment: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", SENTRY_LOG_LEVEL: "warn", ...environment };
    const child = spawn(sentryCli, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (stdout += text));
    child.stderr.setEncoding("utf8").on("data", (text: string) => (stderr += text));
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Crons end to end (docs/crons.md): real clients send check-ins through the ingest server and digest; the
 * scheduler pass (markOverdueCheckIns, with the clock moved forward instead of waiting) marks what is missed
 * or stuck; failures open a cron issue that alert rules see, and recovery resolves it.
 */
describe(`cron monitors on ${testDialect}`, { timeout: 120_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let receiver: WebhookReceiver;
  let shop: CreatedProject;
  let dsn: string;
  let channelSlug: string;
  let context: Awaited<ReturnType<typeof createTestContext>>;

  beforeEach(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    const environment = { LANTERN_URL: "http://lantern.test", LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "5" };
    server = await startIngestServer(database, environment);
    const config = createTestConfig(environment);
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    dsn = dsnFor(server, shop.key.public_key, shop.project.id);
    channelSlug = (await createNotificationChannel(context, { name: "Receiver", kind: "webhook", url: receiver.url })).slug;
  });
  afterEach(async () => {
    await server.close();
    await receiver.close();
    await database.destroy();
  });

  async function checkInsOf(slug: string) {
    return database.db
      .selectFrom("monitor_checkins")
      .innerJoin("monitors", "monitors.id", "monitor_checkins.monitor_id")
      .select(["monitor_checkins.status", "monitor_checkins.duration_ms", "monitor_checkins.issue_id", "monitor_checkins.expected_time"])
      .where("monitors.slug", "=", slug)
      .orderBy("monitor_checkins.date_added")
      .orderBy("monitor_checkins.id")
      .execute();
  }

  async function cronIssues() {
    const parsed = parseIssueQuery("issue.category:cron");
    if (!parsed.ok) throw new Error(parsed.error.message);
    const page = await searchIssues(database.db, { query: parsed.query, projectId: shop.project.id, sort: "last_seen", limit: 100, me: "nobody", visibleProjectIds: null });
    return page.issues;
  }

  async function sendFromNode(plan: Record<string, unknown>) {
    const run = await runSdkScript("cron-check-ins.mjs", { LANTERN_TEST_DSN: dsn, LANTERN_TEST_RELEASE: "jobs@1.0.0", LANTERN_TEST_ENVIRONMENT: "production", LANTERN_TEST_CHECK_INS: JSON.stringify(plan) }, 30_000);
    expect(run.code, run.stderr).toBe(0);
    expect(run.facts.isFlushed).toBe(true);
    await server.service.digest.drain();
    return run.facts;
  }

  it("sentry-cli monitors run (DSN only) records ok and error check-ins, passes the job's exit code through, and upserts the monitor from --schedule", async () => {
    const slug = `nightly-${uniqueToken()}`;
    const environment = { SENTRY_DSN: dsn };
    const ok = await runSentryCli(["monitors", "run", "-s", "*/5 * * * *", "--check-in-margin", "2", "--max-runtime", "10", "--timezone", "Europe/Vienna", slug, "--", process.execPath, "-e", "process.exit(0)"], environment);
    expect(ok.code, ok.stderr).toBe(0);
    await server.service.digest.drain();
    const upserted = await database.db.selectFrom("monitors").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
    expect(upserted).toMatchObject({ project_id: shop.project.id, schedule_type: "crontab", schedule: "*/5 * * * *", checkin_margin: 2, max_runtime: 10, timezone: "Europe/Vienna" });
    const failed = await runSentryCli(["monitors", "run", "-s", "*/5 * * * *", slug, "--", process.execPath, "-e", "process.exit(3)"], environment);
    expect(failed.code, failed.stderr).toBe(3);
    await server.service.digest.drain();

    const monitor = await database.db.selectFrom("monitors").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
    // The second run's config names only the schedule: what it leaves out stays as the first run set it.
    expect(monitor).toMatchObject({ schedule: "*/5 * * * *", checkin_margin: 2, max_runtime: 10, timezone: "Europe/Vienna" });
    const checkIns = await checkInsOf(slug);
    expect(checkIns.map((checkIn) => checkIn.status)).toEqual(["ok", "error"]);
    expect(checkIns.every((checkIn) => typeof checkIn.duration_ms === "number")).toBe(true);
    // The next run is expected on the next five minutes' tick, plus the margin of 2 minutes.
    const environmentRow = await database.db.selectFrom("monitor_environments").selectAll().where("monitor_id", "=", monitor.id).executeTakeFirstOrThrow();
    expect(environmentRow.environment).toBe("production");
    expect(Number(environmentRow.next_checkin_at) % (5 * minute)).toBe(0);
    expect(Number(environmentRow.next_checkin_latest) - Number(environmentRow.next_checkin_at)).toBe(2 * minute);
    // The error check-in is a failure over the default threshold of 1: a cron issue.
    const issues = await cronIssues();
    expect(issues.map((issue) => issue.title)).toEqual([`Cron failure: ${slug}`]);
    const issue = await database.db.selectFrom("issues").select(["type", "level"]).where("id", "=", issues[0]!.id).executeTakeFirstOrThrow();
    expect(issue).toEqual({ type: cronIssueType, level: "error" });
  });

  it("@sentry/node: withMonitor records in_progress then ok; a stuck in_progress times out after maxRuntime; a heartbeat that stops is missed; both open cron issues, and an ok check-in resolves one; one alert per failure episode", async () => {
    await createAlertRule(context, {
      projectSlug: shop.project.slug,
      rule: { name: "Cron failures", actionMatch: "any", frequency: 5, conditions: [{ id: conditionIds.firstSeen }, { id: conditionIds.regression }], filters: [{ id: filterIds.issueCategory, value: String(issueCategories.cron) }], actions: [{ id: actionIds.service, service: channelSlug }] },
    });
    const token = uniqueToken();
    const job = `nightly-report-${token}`;
    const stuck = `stuck-import-${token}`;
    const heartbeat = `heartbeat-${token}`;
    const facts = await sendFromNode({ withMonitor: job, stuck, heartbeat, status: "ok" });
    expect(facts.jobResult).toBe("report written");
    expect((await checkInsOf(job)).map((checkIn) => checkIn.status)).toEqual(["ok"]);
    const jobMonitor = await database.db.selectFrom("monitors").selectAll().where("slug", "=", job).executeTakeFirstOrThrow();
    expect(jobMonitor).toMatchObject({ schedule_type: "crontab", schedule: "0 2 * * *", timezone: "Europe/Vienna", checkin_margin: 5, max_runtime: 30 });
    expect((await checkInsOf(stuck)).map((checkIn) => checkIn.status)).toEqual(["in_progress"]);
    expect(await cronIssues()).toEqual([]);

    // Two minutes on: the stuck run is past its 1-minute maximum runtime, the minutely heartbeat past its
    // deadline plus margin. One pass reports each once; a second pass at the same time finds nothing more.
    const later = Date.now() + 2 * minute + 5_000;
    const first = await markOverdueCheckIns(server.service.database, later);
    expect(first.timedOut).toBe(1);
    expect(first.missed).toBeGreaterThanOrEqual(1);
    expect(await markOverdueCheckIns(server.service.database, later)).toEqual({ missed: 0, timedOut: 0, issueEvents: 0 });
    expect((await checkInsOf(stuck)).map((checkIn) => checkIn.status)).toEqual(["timeout"]);
    const missed = (await checkInsOf(heartbeat)).filter((checkIn) => checkIn.status === "missed");
    expect(missed.length).toBe(first.missed);
    expect(missed.every((checkIn) => checkIn.issue_id !== null && checkIn.expected_time !== null)).toBe(true);
    const opened = await cronIssues();
    expect(opened.map((issue) => issue.title).sort()).toEqual([`Cron failure: ${heartbeat}`, `Cron failure: ${stuck}`]);
    expect(opened.every((issue) => issue.status === "unresolved")).toBe(true);

    // Two failure episodes so far (one per monitor): two alerts, however many missed check-ins the heartbeat had.
    await receiver.waitFor(2);
    const later2 = later + 3 * minute;
    await markOverdueCheckIns(server.service.database, later2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(receiver.received).toHaveLength(2);
    const bodies = receiver.received.map((request) => JSON.parse(request.body) as WebhookBody);
    expect(bodies.map((body) => body.issue.title).sort()).toEqual([`Cron failure: ${heartbeat}`, `Cron failure: ${stuck}`]);

    // The heartbeat checks in again: its issue resolves itself (recovery threshold 1).
    await sendFromNode({ heartbeat, status: "ok" });
    const heartbeatIssue = (await cronIssues()).find((issue) => issue.title === `Cron failure: ${heartbeat}`)!;
    expect(heartbeatIssue.status).toBe("resolved");
    const environmentRow = await database.db
      .selectFrom("monitor_environments")
      .innerJoin("monitors", "monitors.id", "monitor_environments.monitor_id")
      .select(["monitor_environments.status", "monitor_environments.incident_started_at", "monitor_environments.failures"])
      .where("monitors.slug", "=", heartbeat)
      .executeTakeFirstOrThrow();
    expect(environmentRow).toEqual({ status: "ok", incident_started_at: null, failures: 0 });

    // Ten minutes on it has stopped again: a new episode reopens the issue as a regression, one more alert (the
    // rule's 5-minute action interval has passed), however many deadlines were missed meanwhile.
    await markOverdueCheckIns(server.service.database, later + 10 * minute);
    await receiver.waitFor(3);
    expect((await cronIssues()).find((issue) => issue.title === `Cron failure: ${heartbeat}`)!.status).toBe("unresolved");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.received).toHaveLength(3);
  });

  it("counts failures up to the monitor's failure threshold before opening an issue, and needs the recovery threshold of ok check-ins to resolve it", async () => {
    const slug = `flaky-${uniqueToken()}`;
    await sendFromNode({ heartbeat: slug, status: "error", failureIssueThreshold: 2, recoveryThreshold: 2 });
    expect(await cronIssues()).toEqual([]);
    await sendFromNode({ heartbeat: slug, status: "error", failureIssueThreshold: 2, recoveryThreshold: 2 });
    expect((await cronIssues()).map((issue) => issue.status)).toEqual(["unresolved"]);
    await sendFromNode({ heartbeat: slug, status: "ok", failureIssueThreshold: 2, recoveryThreshold: 2 });
    expect((await cronIssues()).map((issue) => issue.status)).toEqual(["unresolved"]);
    await sendFromNode({ heartbeat: slug, status: "ok", failureIssueThreshold: 2, recoveryThreshold: 2 });
    expect((await cronIssues()).map((issue) => issue.status)).toEqual(["resolved"]);
    expect((await checkInsOf(slug)).map((checkIn) => [checkIn.status, checkIn.issue_id !== null])).toEqual([
      ["error", false],
      ["error", true],
      ["ok", false],
      ["ok", false],
    ]);
  });

  it("the HTTP check-in endpoint: GET and POST, query or JSON, 202; the in-progress check-in is finished by a later one without an id; bad check-ins are 400 with the reason", async () => {
    const slug = `http-${uniqueToken()}`;
    const base = `${server.url}/api/${shop.project.id}/cron/${slug}/${shop.key.public_key}/`;
    const created = await fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "in_progress", monitor_config: { schedule: { type: "interval", value: 10, unit: "minute" }, max_runtime: 5 } }) });
    expect(created.status).toBe(202);
    const finished = await fetch(`${base}?status=ok&duration=1.5`);
    expect(finished.status).toBe(202);
    // Without the key in the path: ?sentry_key= as any ingest request.
    const keyless = await fetch(`${server.url}/api/${shop.project.id}/cron/${slug}?status=error&environment=staging&sentry_key=${shop.key.public_key}`, { method: "POST" });
    expect(keyless.status).toBe(202);
    await server.service.digest.drain();
    const rows = await database.db
      .selectFrom("monitor_checkins")
      .innerJoin("monitor_environments", "monitor_environments.id", "monitor_checkins.monitor_environment_id")
      .select(["monitor_checkins.status", "monitor_checkins.duration_ms", "monitor_environments.environment"])
      .orderBy("monitor_checkins.id")
      .execute();
    expect(rows).toEqual([
      { status: "ok", duration_ms: 1500, environment: "production" },
      { status: "error", duration_ms: null, environment: "staging" },
    ]);

    const missingStatus = await fetch(base);
    expect(missingStatus.status).toBe(400);
    expect(((await missingStatus.json()) as { detail: string }).detail).toContain("status");
    const badStatus = await fetch(`${base}?status=missed`);
    expect(badStatus.status).toBe(400);
    const badSchedule = await fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "ok", monitor_config: { schedule: { type: "crontab", value: "99 * * * *" } } }) });
    expect(badSchedule.status).toBe(400);
    expect(((await badSchedule.json()) as { detail: string }).detail).toContain("schedule");
    const badKey = await fetch(`${server.url}/api/${shop.project.id}/cron/${slug}/${"0".repeat(32)}/?status=ok`);
    expect(badKey.status).toBe(403);
    const tooBig = await fetch(base, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ status: "ok", padding: "x".repeat(1_100_000) }) });
    expect(tooBig.status).toBe(413);
  });

  it("a check-in for a monitor that does not exist and brings no monitor_config is kept out, with the reason on its envelope", async () => {
    const slug = `unknown-${uniqueToken()}`;
    expect((await fetch(`${server.url}/api/${shop.project.id}/cron/${slug}/${shop.key.public_key}/?status=ok`)).status).toBe(202);
    await server.service.digest.drain();
    expect(await database.db.selectFrom("monitors").select("id").execute()).toEqual([]);
    const envelope = await database.db.selectFrom("intake").select(["digest_error"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(envelope.digest_error).toContain(`no monitor "${slug}"`);
  });

  it("housekeeping deletes check-ins older than 90 days and keeps the rest", async () => {
    const slug = `old-${uniqueToken()}`;
    await sendFromNode({ heartbeat: slug, status: "ok" });
    await sendFromNode({ heartbeat: slug, status: "ok" });
    const [oldest] = await database.db.selectFrom("monitor_checkins").select("id").orderBy("id").limit(1).execute();
    await database.db.updateTable("monitor_checkins").set({ date_added: Date.now() - (checkInsKeptDays + 1) * 86_400_000 }).where("id", "=", oldest!.id).execute();
    expect(await pruneCheckIns(server.service.database)).toBe(1);
    expect(await checkInsOf(slug)).toHaveLength(1);
  });
});
