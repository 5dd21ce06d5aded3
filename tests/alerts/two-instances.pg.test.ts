import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { systemContext } from "@/server/access/system-context";
import { sendDueDeliveries } from "@/server/alerts/alert-sender";
import { createAlertRule } from "@/server/alerts/create-alert-rule";
import { createNotificationChannel } from "@/server/alerts/create-notification-channel";
import { enqueueDeliveries, type NewDelivery } from "@/server/alerts/enqueue-deliveries";
import { actionIds, conditionIds } from "@/server/alerts/rule-schema";
import { loadConfig } from "@/server/config";
import type { LanternDatabase } from "@/server/db/create-database";
import { insertProject, type CreatedProject } from "@/server/projects/insert-project";
import { exampleAlertMessage } from "../support/alert-message-example";
import { eventEnvelope, postToIngest } from "../support/sdk-helpers";
import { startIngestServer, type IngestServer } from "../support/start-ingest-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Acceptance 6 of issue 19: two Lantern instances on one database — each its own connection, serving
 * real HTTP, digesting and sending alerts — deliver every alert digest decided exactly once. What makes it
 * so: digest decides an alert in the transaction that creates the issue (advisory locks on PostgreSQL),
 * and a sender claims a delivery with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite's single
 * writer elsewhere). Several instances on one database is a PostgreSQL deployment, so this runs there only:
 * two SQLite connections in one thread cannot stand in for two processes, since better-sqlite3 waits for the
 * write lock synchronously and so blocks the very event loop that would let the other connection commit.
 */

const environment = { LANTERN_WEBHOOK_ALLOW_PRIVATE: "true", LANTERN_ALERT_TIMEOUT_SECONDS: "5", LANTERN_SELF_MONITORING: "false" };
const config = loadConfig(environment);

interface Receiver {
  url: string;
  /** Lantern-Delivery of every request, in arrival order. */
  deliveryIds: string[];
  close(): Promise<void>;
}

/** A webhook receiver that answers 200 after `delayMs` — long enough that two senders' claims overlap. */
async function startReceiver(delayMs: number): Promise<Receiver> {
  const deliveryIds: string[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.once("end", () => {
      deliveryIds.push(String(request.headers["lantern-delivery"] ?? ""));
      setTimeout(() => response.writeHead(200).end("ok"), delayMs);
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    deliveryIds,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

function countsOf(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

describe("two instances on one PostgreSQL database", () => {
  let database: TestDatabase;
  let second: LanternDatabase;
  let shop: CreatedProject;
  let receiver: Receiver;
  let channelSlug: string;
  let channelId: number;
  beforeEach(async () => {
    database = await createTestDatabase();
    second = database.reopen();
    shop = await insertProject(database.db, { name: "shop" });
    receiver = await startReceiver(20);
    const channel = await createNotificationChannel(systemContext(database, config), { name: "Team hook", kind: "webhook", url: receiver.url });
    channelSlug = channel.slug;
    channelId = channel.id;
  });
  afterEach(async () => {
    await receiver.close();
    await second.close();
    await database.destroy();
  });

  it("deliver every alert digest decided exactly once when events of new issues arrive at both alternately", { timeout: 120_000 }, async () => {
    const context = systemContext(database, config);
    const notify = [{ id: actionIds.service, service: channelSlug }];
    const newIssueRule = await createAlertRule(context, { projectSlug: shop.project.slug, rule: { name: "Every new issue", conditions: [{ id: conditionIds.firstSeen }], actions: notify } });
    const frequencyRule = await createAlertRule(context, {
      projectSlug: shop.project.slug,
      rule: { name: "More than 2 events in a minute", frequency: 30, conditions: [{ id: conditionIds.eventFrequency, value: 2, interval: "1m" }], actions: notify },
    });
    const issueCount = 40;
    const eventsPerIssue = 4;
    const instances: IngestServer[] = [await startIngestServer(database, environment), await startIngestServer(second, environment)];
    try {
      const sends: Promise<number>[] = [];
      let sent = 0;
      for (let round = 0; round < eventsPerIssue; round += 1) {
        for (let issue = 0; issue < issueCount; issue += 1) {
          const { body } = eventEnvelope({
            platform: "node",
            exception: { values: [{ type: `TwoInstances${issue}Error`, value: `round ${round}`, stacktrace: { frames: [{ filename: "app.js", function: `step${issue}`, lineno: 3, colno: 1, in_app: true }] } }] },
          });
          // Alternately to each instance, several in flight at once, so both digest the same issues side by side.
          sends.push(postToIngest(instances[sent++ % 2]!, shop.project.id, body, { key: shop.key.public_key }).then((response) => response.status));
        }
      }
      expect((await Promise.all(sends)).filter((status) => status !== 200)).toEqual([]);
      await waitFor(async () => (await database.db.selectFrom("intake").select("id").where("digested_at", "is", null).execute()).length === 0, 60_000, "both digested everything");
      const isSettled = async () => (await database.db.selectFrom("alert_deliveries").select("id").where("status", "!=", "sent").execute()).length === 0;
      await waitFor(isSettled, 60_000, "every delivery was sent");
    } finally {
      for (const instance of instances) await instance.close();
    }

    const issues = await database.db.selectFrom("issues").select(["id", "times_seen"]).where("project_id", "=", shop.project.id).execute();
    expect(issues).toHaveLength(issueCount);
    expect(issues.every((issue) => issue.times_seen === eventsPerIssue)).toBe(true);
    const rows = await database.db.selectFrom("alert_deliveries").select(["delivery_id", "rule_id", "issue_id", "channel_id", "status", "attempts"]).execute();
    const byRule = (ruleId: number) => rows.filter((row) => Number(row.rule_id) === ruleId).map((row) => Number(row.issue_id)).sort((a, b) => a - b);
    const issueIds = issues.map((issue) => issue.id).sort((a, b) => a - b);
    expect(byRule(newIssueRule.id), "one new-issue alert per issue").toEqual(issueIds);
    expect(byRule(frequencyRule.id), "one frequency alert per issue within the action interval").toEqual(issueIds);
    expect(rows).toHaveLength(2 * issueCount);
    expect(rows.filter((row) => row.status !== "sent" || row.attempts !== 1 || Number(row.channel_id) !== channelId)).toEqual([]);
    const received = countsOf(receiver.deliveryIds);
    expect([...received].filter(([, count]) => count !== 1), "no Lantern-Delivery twice").toEqual([]);
    expect(received.size, "distinct Lantern-Delivery ids = deliveries decided").toBe(rows.length);
    expect(new Set(received.keys())).toEqual(new Set(rows.map((row) => row.delivery_id)));
    const attempts = await database.db.selectFrom("alert_delivery_attempts").select("delivery_id").execute();
    expect(attempts).toHaveLength(rows.length);
  });

  it("attempt each of 200 pending deliveries once when two senders drain the outbox at the same time", { timeout: 120_000 }, async () => {
    const deliveryCount = 200;
    const deliveries: NewDelivery[] = Array.from({ length: deliveryCount }, (_, index) => ({
      projectId: shop.project.id,
      ruleId: null,
      issueId: null,
      channelId,
      kind: "webhook",
      recipient: null,
      message: exampleAlertMessage({ headline: `Race ${index}` }),
    }));
    const enqueued = await database.db.transaction().execute((trx) => enqueueDeliveries(trx, deliveries));
    expect(enqueued).toHaveLength(deliveryCount);

    const drain = async (connection: LanternDatabase) => {
      let attempted = 0;
      for (let claimed = await sendDueDeliveries(connection, config); claimed > 0; claimed = await sendDueDeliveries(connection, config)) attempted += claimed;
      return attempted;
    };
    const [first, other] = await Promise.all([drain(database), drain(second)]);
    console.log(`sender race: ${first} and ${other} of ${deliveryCount} deliveries attempted by each sender`);

    expect(first + other, "every delivery attempted, none by both").toBe(deliveryCount);
    const received = countsOf(receiver.deliveryIds);
    expect([...received].filter(([, count]) => count !== 1), "no Lantern-Delivery twice").toEqual([]);
    expect(new Set(received.keys())).toEqual(new Set(enqueued.map((row) => row.deliveryId)));
    const rows = await database.db.selectFrom("alert_deliveries").select(["status", "attempts"]).execute();
    expect(rows.filter((row) => row.status !== "sent" || row.attempts !== 1)).toEqual([]);
    const attempts = await database.db.selectFrom("alert_delivery_attempts").select("delivery_id").execute();
    expect(countsOf(attempts.map((attempt) => String(attempt.delivery_id))).size).toBe(deliveryCount);
    expect(attempts).toHaveLength(deliveryCount);
  });
});
