import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { sendDueDeliveries } from "../alerts/alert-sender";
import { createAlertRule } from "../alerts/create-alert-rule";
import { createNotificationChannel } from "../alerts/create-notification-channel";
import type { WebhookBody } from "../alerts/format-webhook";
import { actionIds, conditionIds } from "../alerts/rule-schema";
import type { LanternConfig } from "../config";
import type { LanternDatabase } from "../db/create-database";
import { isAppError } from "../errors";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import { createUptimeMonitor } from "./create-uptime-monitor";
import { getUptimeMonitorPage } from "./get-uptime-monitor-page";
import { UptimeChecker } from "./run-uptime-checks";

type Mode = "ok" | "error" | "slow";

/** A real site on 127.0.0.1 that can be stopped and started again on the same port, and told to fail. */
async function startSite(): Promise<{ url: string; mode: Mode; stop(): Promise<void>; start(): Promise<void>; hits: number }> {
  let server: Server | undefined;
  let port = 0;
  const site = {
    url: "",
    mode: "ok" as Mode,
    hits: 0,
    async start() {
      server = createServer((request, response) => {
        site.hits += 1;
        if (site.mode === "slow") return void setTimeout(() => response.writeHead(200).end("late"), 2500);
        response.writeHead(site.mode === "error" ? 500 : 200, { "Content-Type": "text/plain" }).end(site.mode);
      });
      await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
      port = (server.address() as AddressInfo).port;
      site.url = `http://127.0.0.1:${port}/health`;
    },
    async stop() {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
  await site.start();
  return site;
}

/** A real webhook receiver on loopback that answers 200 and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: WebhookBody[]; close(): Promise<void> }> {
  const received: WebhookBody[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as WebhookBody);
      response.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const minute = 60_000;

/**
 * Uptime monitors (docs/architecture.md → "Uptime monitors", issue 31 acceptance 3): a real local site checked
 * at each interval by the checker's pass, driven with a clock of its own instead of waiting minutes.
 */
describe(`uptime checks on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let site: Awaited<ReturnType<typeof startSite>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let config: LanternConfig;
  let context: AccessContext;
  let shop: CreatedProject;

  beforeEach(async () => {
    database = await createTestDatabase();
    site = await startSite();
    receiver = await startReceiver();
    config = createTestConfig({ LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "5" });
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
  });
  afterEach(async () => {
    await site.stop().catch(() => undefined);
    await receiver.close();
    await database.destroy();
  });

  async function checksOf(monitorId: number) {
    return database.db.selectFrom("uptime_checks").select(["scheduled_at", "status", "reason", "http_status", "duration_ms"]).where("monitor_id", "=", monitorId).orderBy("scheduled_at").execute();
  }

  it("a stopped site opens one 'Downtime detected for <url>' issue after three failures, alerts once, and resolves when it answers again", async () => {
    const channel = await createNotificationChannel(context, { name: "Receiver", kind: "webhook", url: receiver.url });
    await createAlertRule(context, { projectSlug: shop.project.slug, rule: { name: "Every new issue", frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] } });
    const monitor = await createUptimeMonitor(context, { projectSlug: shop.project.slug, monitor: { url: site.url, intervalSeconds: 60, timeoutMs: 2000, environment: "production" } });
    expect(monitor).toMatchObject({ name: `Uptime Monitoring for ${site.url}`, downtimeThreshold: 3, recoveryThreshold: 1, expectedStatusMin: 200, expectedStatusMax: 299 });
    const checker = new UptimeChecker(database, config);
    const start = monitor.nextCheckAt!;
    const title = `Downtime detected for ${site.url}`;
    const issues = () => database.db.selectFrom("issues").select(["id", "title", "status", "type"]).where("project_id", "=", shop.project.id).execute();

    expect(await checker.checkDue(start)).toHaveLength(1);
    // Nothing is due until the next interval: a pass in between checks nothing.
    expect(await checker.checkDue(start + 30_000)).toEqual([]);
    await site.stop();
    for (const step of [1, 2]) await checker.checkDue(start + step * minute);
    expect(await issues()).toEqual([]);
    const [third] = await checker.checkDue(start + 3 * minute);
    expect(third?.openedIssueId).not.toBeNull();
    await checker.checkDue(start + 4 * minute);

    const [issue, ...others] = await issues();
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ id: third!.openedIssueId, title, status: "unresolved", type: "uptime_domain_failure" });
    const event = await database.db.selectFrom("events").select(["environment", "title"]).where("issue_id", "=", issue!.id).execute();
    expect(event).toEqual([{ environment: "production", title }]);
    expect(await sendDueDeliveries(database, config)).toBe(1);
    expect(receiver.received.map((body) => body.issue?.title)).toEqual([title]);

    await site.start();
    const [recovered] = await checker.checkDue(start + 5 * minute);
    expect(recovered?.resolvedIssueId).toBe(issue!.id);
    expect((await issues())[0]?.status).toBe("resolved");
    expect(await sendDueDeliveries(database, config)).toBe(0);
    expect(receiver.received).toHaveLength(1);

    const checks = await checksOf(monitor.id);
    expect(checks.map((check) => [check.scheduled_at, check.status, check.reason])).toEqual([
      [start, "success", null],
      [start + minute, "failure", "connect"],
      [start + 2 * minute, "failure", "connect"],
      [start + 3 * minute, "failure", "connect"],
      [start + 4 * minute, "failure", "connect"],
      [start + 5 * minute, "success", null],
    ]);
    expect(checks[0]?.http_status).toBe(200);
    const page = await getUptimeMonitorPage(context, { projectSlug: shop.project.slug, monitorId: monitor.id }, start + 5 * minute);
    expect(page.incidents).toEqual([{ id: expect.any(Number), startedAt: start + minute, resolvedAt: start + 5 * minute, reason: "connect", issueId: issue!.id }]);
    expect(page.uptime.last24h).toBeCloseTo(2 / 6);
    expect(page.uptime.last30d).toBeCloseTo(2 / 6);
    expect(page.checks.filter((check) => check.isInIncident).map((check) => check.scheduledAt)).toEqual([start + 4 * minute, start + 3 * minute, start + 2 * minute, start + minute]);
  });

  it("records why a check failed: status for a 500 (with the code), timeout for a slow answer, dns for a name that does not resolve", async () => {
    const checker = new UptimeChecker(database, config);
    const failing = await createUptimeMonitor(context, { projectSlug: shop.project.slug, monitor: { url: site.url, intervalSeconds: 60, timeoutMs: 1000, downtimeThreshold: 1 } });
    const start = failing.nextCheckAt!;
    site.mode = "error";
    await checker.checkDue(start);
    site.mode = "slow";
    await checker.checkDue(start + minute);
    const checks = await checksOf(failing.id);
    expect(checks.map((check) => [check.status, check.reason, check.http_status])).toEqual([
      ["failure", "status", 500],
      ["failure", "timeout", null],
    ]);
    expect(checks[1]!.duration_ms).toBeGreaterThanOrEqual(1000);
    expect(checks[1]!.duration_ms).toBeLessThan(2500);
    // downtimeThreshold 1: the first failure opened the episode; the second is in the same one.
    expect(await database.db.selectFrom("uptime_incidents").select("reason").where("monitor_id", "=", failing.id).execute()).toEqual([{ reason: "status" }]);

    const nowhere = await createUptimeMonitor(context, { projectSlug: shop.project.slug, monitor: { url: "http://lantern-uptime-test.invalid/", intervalSeconds: 300, timeoutMs: 5000 } });
    await checker.checkDue(nowhere.nextCheckAt!);
    expect((await checksOf(nowhere.id)).map((check) => check.reason)).toEqual(["dns"]);
  });

  it("refuses private targets without LANTERN_WEBHOOK_ALLOW_PRIVATE: at create time with the reason, and at check time as 'refused'", async () => {
    const strict = createTestConfig();
    const strictContext = { ...context, config: strict };
    for (const url of [site.url, "http://localhost:8080/", "http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://10.0.0.7/"]) {
      const refusal = await createUptimeMonitor(strictContext, { projectSlug: shop.project.slug, monitor: { url, intervalSeconds: 60, timeoutMs: 1000 } }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isAppError(refusal) && refusal.code === "bad_request" ? refusal.message : refusal).toMatch(/The uptime monitor host .* unless LANTERN_WEBHOOK_ALLOW_PRIVATE=true/);
    }
    // Saved while allowed; checked after the setting went away (or DNS moved the name): refused, the site never hit.
    const monitor = await createUptimeMonitor(context, { projectSlug: shop.project.slug, monitor: { url: site.url, intervalSeconds: 60, timeoutMs: 1000 } });
    const hitsBefore = site.hits;
    await new UptimeChecker(database, strict).checkDue(monitor.nextCheckAt!);
    expect((await checksOf(monitor.id)).map((check) => [check.status, check.reason])).toEqual([["failure", "refused"]]);
    expect(site.hits).toBe(hitsBefore);
  });

  it("two checkers on one database, passing at the same moment, check and record each due monitor once", async () => {
    const monitors = [];
    for (let index = 0; index < 30; index++) {
      monitors.push(await createUptimeMonitor(context, { projectSlug: shop.project.slug, monitor: { name: `Site ${index}`, url: `${site.url}?n=${index}`, intervalSeconds: 60, timeoutMs: 2000 } }));
    }
    const now = Math.max(...monitors.map((monitor) => monitor.nextCheckAt!));
    // PostgreSQL: a second pool, as a second instance has. SQLite is one process's file: a second connection in
    // this thread would wait for the first inside the synchronous driver, so both checkers share the handle.
    const other: LanternDatabase = testDialect === "postgres" ? database.reopen() : database;
    try {
      const [first, second] = await Promise.all([new UptimeChecker(database, config).checkDue(now), new UptimeChecker(other, config).checkDue(now)]);
      expect(first.length + second.length).toBe(30);
      expect(site.hits).toBe(30);
      const counts = await database.db.selectFrom("uptime_checks").select((eb) => ["monitor_id", eb.fn.countAll<number>().as("n")]).groupBy("monitor_id").execute();
      expect(counts).toHaveLength(30);
      expect(counts.every((row) => Number(row.n) === 1)).toBe(true);
      const hours = await database.db.selectFrom("uptime_check_hours").select((eb) => eb.fn.sum<number>("checks").as("checks")).executeTakeFirstOrThrow();
      expect(Number(hours.checks)).toBe(30);
    } finally {
      if (other !== database) await other.close();
    }
  });
});
