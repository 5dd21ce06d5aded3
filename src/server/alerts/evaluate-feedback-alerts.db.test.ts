import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildEnvelope, dsnFor, eventEnvelope, newEventId, postToIngest, runSdkScript, uniqueToken } from "../../../tests/support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../../../tests/support/start-ingest-server";
import { createTestAuth, createTestConfig, createTestContext, createTestUser } from "../../../tests/support/test-accounts";
import { createTestDatabase, testDialect, type TestDatabase } from "../../../tests/support/test-database";
import type { AccessContext } from "../access/authorize";
import { insertProject, type CreatedProject } from "../projects/insert-project";
import type { AlertMessage } from "./alert-message";
import { createAlertRule } from "./create-alert-rule";
import { createNotificationChannel } from "./create-notification-channel";
import type { WebhookBody } from "./format-webhook";
import { muteAlertRule } from "./mute-alert-rule";
import { actionIds, conditionIds, filterIds, issueCategories } from "./rule-schema";
import { verifyWebhookSignature } from "./sign-webhook-body";

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

/** A real HTTP receiver on loopback that answers 200 to everything and keeps what it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/lantern`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A `feedback` envelope as @sentry/browser's captureFeedback and feedback widget send it (an event with contexts.feedback). */
function feedbackEnvelope(input: { eventId?: string; message: string; name?: string; email?: string; url?: string; environment?: string; associatedEventId?: string }): { eventId: string; body: Buffer } {
  const eventId = input.eventId ?? newEventId();
  const payload = {
    type: "feedback",
    event_id: eventId,
    timestamp: Date.now() / 1000,
    level: "info",
    platform: "javascript",
    environment: input.environment ?? "production",
    contexts: { feedback: { message: input.message, name: input.name, contact_email: input.email, url: input.url, source: "widget", ...(input.associatedEventId ? { associated_event_id: input.associatedEventId } : {}) } },
    sdk: { name: "sentry.javascript.browser", version: "10.11.0" },
  };
  return { eventId, body: buildEnvelope({ event_id: eventId, sent_at: new Date().toISOString() }, [{ header: { type: "feedback" }, payload: JSON.stringify(payload) }]) };
}

const feedbackRule = (service: string, extra: Record<string, unknown> = {}) => ({
  name: "New user feedback",
  frequency: 5,
  conditions: [{ id: conditionIds.firstSeen }],
  filters: [{ id: filterIds.issueCategory, value: String(issueCategories.feedback) }],
  actions: [{ id: actionIds.service, service }],
  ...extra,
});
const newIssueRule = (service: string) => ({ name: "Every new issue", frequency: 5, conditions: [{ id: conditionIds.firstSeen }], actions: [{ id: actionIds.service, service }] });

/**
 * Feedback alerts (docs/alerts.md → "Feedback alerts"): a rule "a new issue is created" + "the issue's category
 * is Feedback" sends one message per new feedback, through the outbox and the channels rules already use;
 * error rules without the category filter stay quiet on feedback, and feedback rules stay quiet on errors.
 */
describe(`feedback alerts on ${testDialect}`, { timeout: 90_000 }, () => {
  let database: TestDatabase;
  let server: IngestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let context: AccessContext;
  let shop: CreatedProject;
  let channel: { slug: string; secret: string | null };

  beforeEach(async () => {
    database = await createTestDatabase();
    receiver = await startReceiver();
    const environment = { LANTERN_URL: "http://lantern.test", LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "5" };
    server = await startIngestServer(database, environment);
    const config = createTestConfig(environment);
    const owner = await createTestUser(database, createTestAuth(database, config), "owner");
    context = await createTestContext(database, config, owner.userId);
    shop = await insertProject(database.db, { name: "Shop", platform: "javascript" });
    channel = await createNotificationChannel(context, { name: "Receiver", kind: "webhook", url: receiver.url });
  });
  afterEach(async () => {
    await server.close();
    await receiver.close();
    await database.destroy();
  });

  async function messagesOf(ruleId: number): Promise<AlertMessage[]> {
    const rows = await database.db.selectFrom("alert_deliveries").select("message").where("rule_id", "=", ruleId).orderBy("id").execute();
    return rows.map((row) => JSON.parse(row.message) as AlertMessage);
  }

  async function send(body: Uint8Array): Promise<void> {
    expect((await postToIngest(server, shop.project.id, body, { key: shop.key.public_key })).status).toBe(200);
    await server.service.digest.drain();
  }

  it("captureFeedback from @sentry/node fires the feedback rule once, with the comment and the linked issue; the error fires only the plain new-issue rule", async () => {
    const feedback = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug) });
    const plain = await createAlertRule(context, { projectSlug: shop.project.slug, rule: newIssueRule(channel.slug) });
    const token = uniqueToken();
    const input = { error: `Checkout failed ${token}`, message: `The pay button does nothing ${token}`, name: "Ada Lovelace", email: "ada@example.com", url: "https://shop.example.com/checkout" };
    const run = await runSdkScript("capture-feedback.mjs", {
      LANTERN_TEST_DSN: dsnFor(server, shop.key.public_key, shop.project.id),
      LANTERN_TEST_RELEASE: `shop@${token}`,
      LANTERN_TEST_ENVIRONMENT: "production",
      // The error is stored before the feedback arrives, so the alert can name its issue.
      LANTERN_TEST_FEEDBACK_AFTER_ERROR: "1",
      LANTERN_TEST_FEEDBACK: JSON.stringify(input),
    }, 50_000);
    expect(run.code, run.stderr).toBe(0);
    await server.service.digest.drain();

    const [message, ...more] = await messagesOf(Number(feedback.id));
    expect(more).toEqual([]);
    const issue = await database.db.selectFrom("issues").select(["id", "title"]).where("project_id", "=", shop.project.id).executeTakeFirstOrThrow();
    const stored = await database.db.selectFrom("feedback").select("id").where("project_id", "=", shop.project.id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({
      reason: "feedback",
      headline: "New user feedback",
      comment: input.message,
      actor: input.name,
      environment: "production",
      feedback: { id: Number(stored.id), name: input.name, email: input.email, pageUrl: input.url, url: `/projects/${shop.project.slug}/feedback#feedback-${stored.id}`, linkedIssue: { id: Number(issue.id), title: issue.title, url: `/projects/${shop.project.slug}/issues/${issue.id}` } },
    });
    // The error opened an issue: the plain rule fired for it, and for nothing else (not for the feedback).
    expect((await messagesOf(Number(plain.id))).map((sent) => [sent.reason, sent.issue.id])).toEqual([["new", Number(issue.id)]]);
  });

  it("the same feedback sent again is stored once and alerted once; a second feedback inside the action interval is sent too, as its own", async () => {
    const rule = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug, { frequency: 5 }) });
    const first = feedbackEnvelope({ message: "The coupon field rejects SAVE10", name: "Grace" });
    await send(first.body);
    await send(first.body);
    expect(await database.db.selectFrom("feedback").select("id").where("project_id", "=", shop.project.id).execute()).toHaveLength(1);
    expect((await messagesOf(Number(rule.id))).map((message) => message.comment)).toEqual(["The coupon field rejects SAVE10"]);

    // Another feedback within the rule's 5 minutes is new too: the interval counts per issue, as in Sentry.
    await send(feedbackEnvelope({ message: "Still broken" }).body);
    expect(await database.db.selectFrom("feedback").select("id").where("project_id", "=", shop.project.id).execute()).toHaveLength(2);
    expect((await messagesOf(Number(rule.id))).map((message) => message.comment)).toEqual(["The coupon field rejects SAVE10", "Still broken"]);
  });

  it("feedback does not fire a new-issue rule without the Feedback category, an Error-category rule, a rule of another environment or a muted one", async () => {
    const plain = await createAlertRule(context, { projectSlug: shop.project.slug, rule: newIssueRule(channel.slug) });
    const errorsOnly = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug, { name: "Errors", filters: [{ id: filterIds.issueCategory, value: issueCategories.error }] }) });
    const staging = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug, { name: "Staging feedback", environment: "staging" }) });
    const muted = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug, { name: "Muted feedback" }) });
    await muteAlertRule(context, { projectSlug: shop.project.slug, ruleId: Number(muted.id), until: Date.now() + 3_600_000 });
    const production = await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug, { name: "Production feedback", environment: "production" }) });

    await send(feedbackEnvelope({ message: "Nice shop", environment: "production" }).body);
    expect(await messagesOf(Number(plain.id))).toEqual([]);
    expect(await messagesOf(Number(errorsOnly.id))).toEqual([]);
    expect(await messagesOf(Number(staging.id))).toEqual([]);
    expect(await messagesOf(Number(muted.id))).toEqual([]);
    expect((await messagesOf(Number(production.id))).map((message) => message.comment)).toEqual(["Nice shop"]);

    // An error event: the Error-category rule and the plain rule fire, the feedback rules do not.
    await send(eventEnvelope({ environment: "production", message: `Boom ${uniqueToken()}` }).body);
    expect(await messagesOf(Number(plain.id))).toHaveLength(1);
    expect(await messagesOf(Number(errorsOnly.id))).toHaveLength(1);
    expect(await messagesOf(Number(production.id))).toHaveLength(1);
  });

  it("delivers the feedback message to a real webhook receiver, the XSS and mention vectors in the comment kept as text", async () => {
    await createAlertRule(context, { projectSlug: shop.project.slug, rule: feedbackRule(channel.slug) });
    const hostile = `<img src=x onerror=alert(1)> <script>alert("x")</script> <!channel> @everyone **bold** [link](https://evil.example)`;
    const { eventId: errorId, body: errorBody } = eventEnvelope({ message: "<b>Payment</b> failed" });
    await send(errorBody);
    await send(feedbackEnvelope({ message: hostile, name: "<i>Mallory</i>", email: "mallory@example.com", associatedEventId: errorId }).body);

    const deadline = Date.now() + 20_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [request, ...others] = receiver.received;
    expect(others).toEqual([]);
    expect(verifyWebhookSignature(request!.body, channel.secret!, String(request!.headers["lantern-signature"]))).toBe(true);
    const body = JSON.parse(request!.body) as WebhookBody;
    expect(body).toMatchObject({ action: "feedback", headline: "New user feedback", comment: hostile, actor: "<i>Mallory</i>", eventId: null, logs: null });
    expect(body.feedback).toMatchObject({ message: hostile, name: "<i>Mallory</i>", email: "mallory@example.com", url: expect.stringMatching(/^http:\/\/lantern\.test\/projects\/shop[^/]*\/feedback#feedback-\d+$/) });
    expect(body.feedback!.linkedIssue).toMatchObject({ title: "<b>Payment</b> failed", url: expect.stringMatching(/^http:\/\/lantern\.test\/projects\/shop[^/]*\/issues\/\d+$/) });
    expect(body.issue.url).toBe(body.feedback!.url);
  });
});
