import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { storeFixtureEvent } from "../../../tests/support/event-envelopes";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import type { LanternConfig } from "../config";
import { digestBatch } from "../digest/digest-batch";
import { createProject } from "../projects/create-project";
import { deliveryDeadlineMs, nextAttemptDelay, sendDueDeliveries } from "./alert-sender";
import { createAlertRule } from "./create-alert-rule";
import { createNotificationChannel } from "./create-notification-channel";
import { listAlertDeliveries } from "./list-alert-deliveries";
import { actionIds, conditionIds } from "./rule-schema";
import { verifyWebhookSignature } from "./sign-webhook-body";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A real HTTP receiver on loopback that answers each request with the next status of `script` (then 200). */
async function startReceiver(script: { status: number; headers?: Record<string, string> }[]): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = script[received.length - 1] ?? { status: 200 };
      response.writeHead(answer.status, { "Content-Type": "text/plain", ...answer.headers });
      response.end(answer.status >= 400 ? `refused with ${answer.status}` : "ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/lantern`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe(`the alert sender on ${testDialect}`, () => {
  let database: TestDatabase;
  let config: LanternConfig;
  let context: AccessContext;
  let projectSlug: string;
  let projectId: number;
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;

  beforeEach(async () => {
    database = await createTestDatabase();
    config = createTestConfig({ LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "2" });
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    const created = await createProject(context, { name: `Payments ${Date.now()}`, platform: "node", alertOnNewIssues: false });
    projectSlug = created.project.slug;
    projectId = created.project.id;
  });
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
    await database.destroy();
  });

  /** A webhook channel to the receiver, a "new issue" rule posting to it, and one new issue digested. */
  async function alertThroughWebhook(script: { status: number; headers?: Record<string, string> }[]): Promise<{ secret: string; channelSlug: string; ruleId: number }> {
    receiver = await startReceiver(script);
    const channel = await createNotificationChannel(context, { name: `Receiver ${Date.now()}`, kind: "webhook", url: receiver.url });
    const rule = await createAlertRule(context, {
      projectSlug,
      rule: { name: "New issues to the webhook", frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] },
    });
    await storeFixtureEvent(database.db, projectId, "node-exception.envelope", (event) => (event.release = "payments@7.1.0"));
    await digestBatch(database);
    return { secret: channel.secret!, channelSlug: channel.slug, ruleId: Number(rule.id) };
  }

  it("retries a receiver that answers 503 twice and delivers once on the third attempt, the same Lantern-Delivery each time, all in the delivery log", async () => {
    const { secret, ruleId } = await alertThroughWebhook([{ status: 503 }, { status: 503 }]);
    const start = Date.now();
    const fixed = () => 0.5;
    expect(await sendDueDeliveries(database, config, { now: start, random: fixed })).toBe(1);
    // Not due again before its backoff (10 s ± 20 %).
    expect(await sendDueDeliveries(database, config, { now: start + 5_000, random: fixed })).toBe(0);
    expect(await sendDueDeliveries(database, config, { now: start + 11_000, random: fixed })).toBe(1);
    expect(await sendDueDeliveries(database, config, { now: start + 25_000, random: fixed })).toBe(0);
    expect(await sendDueDeliveries(database, config, { now: start + 32_000, random: fixed })).toBe(1);
    expect(await sendDueDeliveries(database, config, { now: start + 3_600_000, random: fixed })).toBe(0);

    const requests = receiver!.received;
    expect(requests).toHaveLength(3);
    const ids = new Set(requests.map((request) => request.headers["lantern-delivery"]));
    expect(ids.size).toBe(1);
    for (const request of requests) expect(verifyWebhookSignature(request.body, secret, String(request.headers["lantern-signature"]))).toBe(true);

    const [log] = await listAlertDeliveries(context, { projectSlug, ruleId });
    expect(log).toMatchObject({ status: "sent", attempts: 3, responseCode: 200, reason: "new", deliveryId: [...ids][0] });
    expect(log!.attemptLog.map((attempt) => attempt.responseCode)).toEqual([503, 503, 200]);
  });

  it("does not retry a 400, and records why", async () => {
    const { ruleId } = await alertThroughWebhook([{ status: 400 }]);
    const start = Date.now();
    expect(await sendDueDeliveries(database, config, { now: start })).toBe(1);
    expect(await sendDueDeliveries(database, config, { now: start + deliveryDeadlineMs })).toBe(0);
    expect(receiver!.received).toHaveLength(1);
    const [log] = await listAlertDeliveries(context, { projectSlug, ruleId });
    expect(log).toMatchObject({ status: "failed", attempts: 1, responseCode: 400 });
    expect(log!.lastError).toContain("400");
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    await alertThroughWebhook([{ status: 429, headers: { "Retry-After": "120" } }]);
    const start = Date.now();
    expect(await sendDueDeliveries(database, config, { now: start })).toBe(1);
    expect(await sendDueDeliveries(database, config, { now: start + 100_000 })).toBe(0);
    expect(await sendDueDeliveries(database, config, { now: start + 121_000 })).toBe(1);
    expect(receiver!.received).toHaveLength(2);
    const row = await database.db.selectFrom("alert_deliveries").select(["status", "attempts"]).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", attempts: 2 });
  });

  it("gives up on a receiver that never answers after 24 hours of retries", async () => {
    const { ruleId } = await alertThroughWebhook([]);
    await receiver!.close();
    receiver = undefined;
    const start = Date.now();
    let now = start;
    let attempts = 0;
    while (now < start + deliveryDeadlineMs + 3_600_000) {
      attempts += await sendDueDeliveries(database, config, { now });
      now += 10 * 60_000;
    }
    const [log] = await listAlertDeliveries(context, { projectSlug, ruleId });
    expect(log!.status).toBe("failed");
    expect(log!.attempts).toBe(attempts);
    expect(attempts).toBeGreaterThan(10);
    expect(log!.lastError).toContain("24 hours");
  });

  it("leaves a claimed delivery alone until its lease ends, then another sender takes it", async () => {
    await alertThroughWebhook([]);
    const start = Date.now();
    // A sender that claimed the row and died: its lease is still running.
    await database.db.updateTable("alert_deliveries").set({ lease_until: start + 30_000 }).execute();
    expect(await sendDueDeliveries(database, config, { now: start })).toBe(0);
    expect(await sendDueDeliveries(database, config, { now: start + 30_001 })).toBe(1);
    expect(receiver!.received).toHaveLength(1);
  });

  it("backs off exponentially with jitter, at most an hour apart, and honours a later Retry-After", () => {
    expect(nextAttemptDelay(1, undefined, () => 0.5)).toBe(10_000);
    expect(nextAttemptDelay(2, undefined, () => 0.5)).toBe(20_000);
    expect(nextAttemptDelay(3, undefined, () => 0)).toBe(32_000);
    expect(nextAttemptDelay(3, undefined, () => 0.999)).toBeLessThan(48_000);
    expect(nextAttemptDelay(30, undefined, () => 0.5)).toBe(3_600_000);
    expect(nextAttemptDelay(1, 90_000, () => 0.5)).toBe(90_000);
    expect(nextAttemptDelay(5, 1_000, () => 0.5)).toBe(160_000);
  });
});
