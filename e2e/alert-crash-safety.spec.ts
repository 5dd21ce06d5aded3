import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { systemContext } from "../src/server/access/system-context";
import { createAlertRule } from "../src/server/alerts/create-alert-rule";
import { createNotificationChannel } from "../src/server/alerts/create-notification-channel";
import { actionIds, conditionIds } from "../src/server/alerts/rule-schema";
import { loadConfig } from "../src/server/config";
import { createDatabase, type LanternDatabase } from "../src/server/db/create-database";
import { createProjectDsn, freePort, lanternEnvironment, startLanternProcess, type LanternProcess } from "./support/lantern-process";

/**
 * Acceptance 5 of issue 19: an alert digest committed survives a SIGKILL of `lantern start` — whether the
 * process died while the receiver was still being sent it, or before it was ever attempted — and after the
 * restart the receiver gets it with the same Lantern-Delivery id, exactly once answered.
 */

interface ReceivedRequest {
  deliveryId: string;
  at: number;
  /** Whether the receiver answered it (200) or held it open, never answering. */
  answered: boolean;
}

/** A webhook receiver on 127.0.0.1 that records every request's Lantern-Delivery; it holds requests open until told to answer. */
interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Called for every request as it arrives, before it is held or answered. */
  onRequest: (request: ReceivedRequest) => void;
  answerFromNowOn(): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  let isAnswering = false;
  const held: ServerResponse[] = [];
  const receiver: Receiver = {
    url: "",
    requests: [],
    onRequest: () => undefined,
    answerFromNowOn: () => (isAnswering = true),
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    // Read the whole body first: a request counts as delivered once all of it arrived.
    request.resume();
    request.once("end", () => {
      const received = { deliveryId: String(request.headers["lantern-delivery"] ?? ""), at: Date.now(), answered: isAnswering };
      receiver.requests.push(received);
      receiver.onRequest(received);
      if (received.answered) response.writeHead(200, { "content-type": "text/plain" }).end("ok");
      else held.push(response);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/lantern-hook`;
  return receiver;
}

/** An event envelope whose exception type and function are its own, so every index is a new issue. */
function newIssueEnvelope(index: number, runId: string): string {
  const eventId = randomUUID().replaceAll("-", "");
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: "javascript",
    level: "error",
    exception: {
      values: [
        {
          type: `CrashAlert${index}Error`,
          value: `alert crash run ${runId}, issue ${index}`,
          stacktrace: { frames: [{ filename: "alerts.js", function: `failStep${index}`, lineno: 10, colno: 5, in_app: true }] },
          mechanism: { type: "generic", handled: true },
        },
      ],
    },
  };
  const payload = JSON.stringify(event);
  const header = { event_id: eventId, sent_at: new Date().toISOString(), sdk: { name: "lantern.e2e.alerts", version: "1.0.0" } };
  return `${JSON.stringify(header)}\n${JSON.stringify({ type: "event", length: Buffer.byteLength(payload) })}\n${payload}\n`;
}

interface Setup {
  directory: string;
  environment: NodeJS.ProcessEnv;
  database: LanternDatabase;
  ingestUrl: string;
  channelId: number;
}

/** A project made by `lantern project create`, then a webhook channel to the receiver and a "new issue" rule, written by Lantern's verbs into the same file. */
async function setUp(receiver: Receiver, timeoutSeconds: number): Promise<Setup> {
  const directory = mkdtempSync(join(tmpdir(), "lantern-alert-crash-"));
  const databasePath = join(directory, "lantern.db");
  const port = await freePort();
  const environment: NodeJS.ProcessEnv = { ...lanternEnvironment(port, databasePath), LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: String(timeoutSeconds) };
  const dsn = await createProjectDsn(environment, "alert crash safety");
  const { username: publicKey, pathname } = new URL(dsn);
  const projectId = Number(pathname.slice(1));
  const database = createDatabase({ dialect: "sqlite", path: databasePath });
  const context = systemContext(database, loadConfig({ DATABASE_URL: environment.DATABASE_URL, LANTERN_URL: environment.LANTERN_URL, LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_SELF_MONITORING: "false" }));
  const project = await database.db.selectFrom("projects").select("slug").where("id", "=", projectId).executeTakeFirstOrThrow();
  const channel = await createNotificationChannel(context, { name: "Crash receiver", kind: "webhook", url: receiver.url });
  await createAlertRule(context, {
    projectSlug: project.slug,
    rule: { name: "Every new issue to the crash receiver", actionMatch: "any", filterMatch: "all", frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service: channel.slug }] },
  });
  return { directory, environment, database, ingestUrl: `/api/${projectId}/envelope/?sentry_key=${publicKey}`, channelId: channel.id };
}

async function sendNewIssue(lantern: LanternProcess, setup: Setup, index: number, runId: string): Promise<void> {
  const response = await fetch(`${lantern.baseUrl}${setup.ingestUrl}`, { method: "POST", headers: { "content-type": "application/x-sentry-envelope" }, body: newIssueEnvelope(index, runId) });
  expect(response.status, await response.text()).toBe(200);
}

function channelDeliveries(setup: Setup) {
  return setup.database.db
    .selectFrom("alert_deliveries")
    .select(["id", "delivery_id", "status", "attempts", "lease_until", "response_code"])
    .where("channel_id", "=", setup.channelId)
    .orderBy("id")
    .execute();
}

async function attemptsOf(setup: Setup): Promise<{ delivery_id: number; response_code: number | null }[]> {
  return setup.database.db.selectFrom("alert_delivery_attempts").select(["delivery_id", "response_code"]).orderBy("id").execute();
}

function countBy<T>(items: T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

test("an alert killed in the middle of its attempt is delivered after the restart with the same Lantern-Delivery id, answered once", async () => {
  test.setTimeout(180_000);
  const receiver = await startReceiver();
  const started: LanternProcess[] = [];
  let setup: Setup | undefined;
  try {
    // A 1 s attempt timeout: the lease a dead sender leaves is 2 × 1 + 5 = 7 s.
    setup = await setUp(receiver, 1);
    const first = await startLanternProcess(setup.environment);
    started.push(first);
    // The first request arrives only after digest committed the delivery and the sender claimed it; the
    // process dies while the receiver holds it unanswered — no attempt gets recorded.
    receiver.onRequest = () => process.kill(first.pid, "SIGKILL");
    await sendNewIssue(first, setup, 1, randomUUID().slice(0, 8));
    const exit = await first.exited;
    expect(exit.signal, "the first server died of the SIGKILL").toBe("SIGKILL");
    receiver.onRequest = () => undefined;

    expect(receiver.requests).toHaveLength(1);
    const [held] = receiver.requests;
    expect(held!.answered).toBe(false);
    const [committed, ...others] = await channelDeliveries(setup);
    expect(others, "one new issue, one delivery").toEqual([]);
    expect(committed).toMatchObject({ delivery_id: held!.deliveryId, status: "pending", attempts: 0 });
    expect(Number(committed!.lease_until), "the dead sender's lease").toBeGreaterThan(held!.at);
    expect(await attemptsOf(setup), "the attempt never finished, so none is recorded").toEqual([]);

    receiver.answerFromNowOn();
    const second = await startLanternProcess(setup.environment);
    started.push(second);
    await expect
      .poll(async () => (await channelDeliveries(setup!)).map((row) => row.status), { message: "the restarted server sends what the dead one had claimed", timeout: 60_000, intervals: [250, 500] })
      .toEqual(["sent"]);

    const [sent] = await channelDeliveries(setup);
    expect(sent).toMatchObject({ delivery_id: held!.deliveryId, status: "sent", attempts: 1, response_code: 200, lease_until: null });
    expect(receiver.requests.map((request) => request.deliveryId), "the same Lantern-Delivery on the held and the answered request").toEqual([held!.deliveryId, held!.deliveryId]);
    expect(new Set(receiver.requests.map((request) => request.deliveryId)).size, "one delivery as the receiver counts them").toBe(1);
    expect(receiver.requests.filter((request) => request.answered), "answered exactly once").toHaveLength(1);
    expect(receiver.requests[1]!.at, "not taken over before the dead sender's lease ended").toBeGreaterThanOrEqual(Number(committed!.lease_until));
    expect(await attemptsOf(setup)).toEqual([{ delivery_id: sent!.id, response_code: 200 }]);
  } finally {
    for (const lantern of started) await lantern.stop();
    await receiver.close();
    await setup?.database.close();
    if (setup) rmSync(setup.directory, { recursive: true, force: true });
  }
});

test("alerts committed by digest but never attempted before a SIGKILL are each delivered exactly once after the restart", async () => {
  test.setTimeout(180_000);
  const issueCount = 30;
  const receiver = await startReceiver();
  const started: LanternProcess[] = [];
  let setup: Setup | undefined;
  try {
    // An 8 s attempt timeout in the first run: the sender waits that long on the requests the receiver holds
    // (at most 20, one claim), and meanwhile claims nothing else — the rest stay in the outbox, never attempted.
    setup = await setUp(receiver, 8);
    const first = await startLanternProcess(setup.environment);
    started.push(first);
    const runId = randomUUID().slice(0, 8);
    await Promise.all(Array.from({ length: issueCount }, (_, index) => sendNewIssue(first, setup!, index, runId)));
    await expect
      .poll(async () => ({ deliveries: (await channelDeliveries(setup!)).length, receiving: receiver.requests.length > 0 }), { message: "digest committed a delivery per new issue", timeout: 6_000, intervals: [50, 100] })
      .toEqual({ deliveries: issueCount, receiving: true });
    first.kill();
    expect((await first.exited).signal).toBe("SIGKILL");

    const atKill = await channelDeliveries(setup);
    const heldIds = new Set(receiver.requests.map((request) => request.deliveryId));
    const neverAttempted = atKill.filter((row) => !heldIds.has(row.delivery_id));
    test.info().annotations.push({ type: "at the kill", description: `${atKill.length} deliveries committed, ${heldIds.size} being sent (held by the receiver), ${neverAttempted.length} never attempted` });
    expect(atKill.every((row) => row.status === "pending" && row.attempts === 0), "no attempt finished before the kill").toBe(true);
    expect(neverAttempted.length, "some deliveries were committed and never attempted").toBeGreaterThan(0);
    expect(neverAttempted.every((row) => row.lease_until === null), "never claimed").toBe(true);
    expect(await attemptsOf(setup)).toEqual([]);

    receiver.answerFromNowOn();
    const second = await startLanternProcess({ ...setup.environment, LANTERN_ALERT_TIMEOUT_SECONDS: "1" });
    started.push(second);
    await expect
      .poll(async () => (await channelDeliveries(setup!)).filter((row) => row.status === "sent").length, { message: "the restarted server sends every committed delivery", timeout: 60_000, intervals: [250, 500] })
      .toBe(issueCount);

    const rows = await channelDeliveries(setup);
    expect(rows.map((row) => row.delivery_id)).toEqual(atKill.map((row) => row.delivery_id));
    expect(rows.filter((row) => row.status !== "sent" || row.attempts !== 1 || row.response_code !== 200)).toEqual([]);
    const answered = receiver.requests.filter((request) => request.answered);
    const answeredCounts = countBy(answered, (request) => request.deliveryId);
    expect(answeredCounts.size, "distinct Lantern-Delivery ids answered = deliveries committed").toBe(issueCount);
    expect([...answeredCounts].filter(([, count]) => count !== 1), "no delivery answered twice").toEqual([]);
    expect(new Set(receiver.requests.map((request) => request.deliveryId))).toEqual(new Set(rows.map((row) => row.delivery_id)));
    const allCounts = countBy(receiver.requests, (request) => request.deliveryId);
    expect(neverAttempted.filter((row) => allCounts.get(row.delivery_id) !== 1), "a never-attempted delivery arrives once").toEqual([]);
    expect([...heldIds].filter((id) => allCounts.get(id) !== 2), "a delivery cut off mid-attempt arrives once more, same id").toEqual([]);
    const attempts = await attemptsOf(setup);
    expect(attempts).toHaveLength(issueCount);
    expect(new Set(attempts.map((attempt) => attempt.delivery_id)).size).toBe(issueCount);
  } finally {
    for (const lantern of started) await lantern.stop();
    await receiver.close();
    await setup?.database.close();
    if (setup) rmSync(setup.directory, { recursive: true, force: true });
  }
});
