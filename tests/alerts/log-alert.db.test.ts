import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccessContext } from "@/server/access/authorize";
import { systemContext } from "@/server/access/system-context";
import { sendDueDeliveries } from "@/server/alerts/alert-sender";
import { createLogAlertRule } from "@/server/alerts/create-log-alert-rule";
import { createNotificationChannel } from "@/server/alerts/create-notification-channel";
import { evaluateLogAlerts } from "@/server/alerts/evaluate-log-alerts";
import type { WebhookBody } from "@/server/alerts/format-webhook";
import { loadConfig } from "@/server/config";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { buildEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, testDialect, type TestDatabase } from "../support/test-database";

/**
 * Issue 29, acceptance 4: a log alert "more than 10 lines matching `payment failed` in 1 minute" with a webhook
 * channel pointing at a real HTTP receiver. Lines go through the real ingest path (an envelope with a `log`
 * item, over HTTP, digested); the evaluator counts them, the real sender posts to the receiver.
 */
const environment = { LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "5", LANTERN_SELF_MONITORING: "false" };
const config = loadConfig(environment);

interface Receiver {
  url: string;
  bodies: WebhookBody[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const bodies: WebhookBody[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.once("end", () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as WebhookBody);
      response.writeHead(200).end("ok");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

describe(`log alerts on ${testDialect}`, { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let receiver: Receiver;
  let shop: CreatedProject;
  let context: AccessContext;
  let channelSlug: string;

  beforeEach(async () => {
    database = await createTestDatabase();
    server = await startIngestServer(database, environment);
    receiver = await startReceiver();
    shop = await insertProject(database.db, { name: "Shop", platform: "node" });
    context = systemContext(database, config);
    channelSlug = (await createNotificationChannel(context, { name: "Payments hook", kind: "webhook", url: receiver.url })).slug;
  });
  afterEach(async () => {
    await server.close();
    await receiver.close();
    await database.destroy();
  });

  const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
  /** One envelope with a `log` container item of these bodies, through the real ingest endpoint, then digested. */
  async function sendLines(bodies: string[]): Promise<void> {
    const items = bodies.map((body) => ({ timestamp: Date.now() / 1000, trace_id: traceId, level: "error", body, attributes: { "sentry.environment": { type: "string", value: "production" } } }));
    const envelope = buildEnvelope({ sent_at: new Date().toISOString() }, [{ header: { type: "log", item_count: items.length, content_type: "application/vnd.sentry.items.log+json" }, payload: JSON.stringify({ items }) }]);
    const response = await postToIngest(server, shop.project.id, envelope, { key: shop.key.public_key });
    expect(response.status).toBe(200);
    await server.service.digest.drain();
  }
  const paymentFailed = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `Payment failed for order ${from + index}: card declined`);
  const noise = ["payment succeeded for order 7", "login failed for alice", "payment retried", "<script>alert('payment')</script> failed"];

  async function createRule() {
    return createLogAlertRule(context, { projectSlug: shop.project.slug, rule: { name: "Payments failing", query: '"payment failed"', threshold: 10, interval: "1m", channels: [channelSlug] } });
  }
  async function deliver(): Promise<void> {
    while ((await sendDueDeliveries(database, config)) > 0);
  }

  it("eleven matching lines in a minute fire once through the webhook, with the count, the query's logs link and sample lines", async () => {
    const rule = await createRule();
    await sendLines([...paymentFailed(11), ...noise]);

    const [outcome] = await evaluateLogAlerts(database, config);
    expect(outcome).toMatchObject({ ruleId: rule.id, count: 11, change: "fired", deliveries: 1 });
    await deliver();
    expect(receiver.bodies).toHaveLength(1);
    const [body] = receiver.bodies;
    expect(body!.action).toBe("log_threshold");
    expect(body!.rule).toMatchObject({ id: rule.id, name: "Payments failing" });
    expect(body!.logs).toMatchObject({ query: '"payment failed"', count: 11, isCapped: false, threshold: 10, interval: "1 minute" });
    expect(body!.logs!.url).toBe(`${config.publicUrl}/projects/${shop.project.slug}/logs?query=%22payment%20failed%22`);
    expect(body!.logs!.samples).toHaveLength(5);
    expect(body!.logs!.samples.every((line) => /error Payment failed for order \d+: card declined$/.test(line))).toBe(true);
    expect(body!.headline).toBe("11 log lines in 1 minute");

    // Still above the threshold, one more line: the same breach, so nothing more is sent.
    await sendLines(paymentFailed(1, 11));
    const [again] = await evaluateLogAlerts(database, config);
    expect(again).toMatchObject({ ruleId: rule.id, count: 12, change: "unchanged", deliveries: 0 });
    await deliver();
    expect(receiver.bodies).toHaveLength(1);
    const deliveries = await database.db.selectFrom("alert_deliveries").select(["status", "reason"]).execute();
    expect(deliveries).toEqual([{ status: "sent", reason: "log_threshold" }]);
  });

  it("ten matching lines do not fire", async () => {
    const rule = await createRule();
    await sendLines([...paymentFailed(10), ...noise]);
    const [outcome] = await evaluateLogAlerts(database, config);
    expect(outcome).toMatchObject({ ruleId: rule.id, count: 10, change: "unchanged", deliveries: 0 });
    await deliver();
    expect(receiver.bodies).toHaveLength(0);
    expect(await database.db.selectFrom("alert_deliveries").select("id").execute()).toEqual([]);
  });

  it("fires again only after the count fell back to the threshold (resolved)", async () => {
    const rule = await createRule();
    await sendLines(paymentFailed(11));
    expect((await evaluateLogAlerts(database, config))[0]).toMatchObject({ change: "fired" });
    // Two minutes on, the window holds none of those lines: resolved.
    expect((await evaluateLogAlerts(database, config, Date.now() + 120_000))[0]).toMatchObject({ ruleId: rule.id, count: 0, change: "resolved" });
    expect((await database.db.selectFrom("log_alert_rules").select("firing_since").executeTakeFirstOrThrow()).firing_since).toBeNull();
    // Back at the present the same lines are a new breach.
    expect((await evaluateLogAlerts(database, config))[0]).toMatchObject({ count: 11, change: "fired", deliveries: 1 });
    await deliver();
    expect(receiver.bodies.map((body) => body.logs?.count)).toEqual([11, 11]);
  });

  it("a muted rule is not evaluated", async () => {
    const rule = await createRule();
    await database.db.updateTable("log_alert_rules").set({ muted_until: Date.now() + 3_600_000 }).where("id", "=", rule.id).execute();
    await sendLines(paymentFailed(11));
    expect(await evaluateLogAlerts(database, config)).toEqual([]);
  });
});
