// `bench/ingest.mjs --alert-rules=N`: the project's rules replaced by the first N of five active rules in
// Sentry's issue-alert shape (as the API stores them), before `lantern start` opens the file, and a local
// webhook receiver that answers 200 — so a run shows what deciding and sending alerts costs digest.
import { once } from "node:events";
import { createServer } from "node:http";
import Database from "better-sqlite3";

const service = (slug) => [{ id: "sentry.rules.actions.notify_event_service.NotifyEventServiceAction", service: slug }];

/** The five rules of issue 19's acceptance 9: every kind of condition, filters, a webhook and an e-mail action. */
export function benchRules(channelSlug) {
  return [
    { name: "New issue to the team hook", conditions: [{ id: "sentry.rules.conditions.first_seen_event.FirstSeenEventCondition" }], filters: [], actions: service(channelSlug) },
    { name: "Regression to the team hook", conditions: [{ id: "sentry.rules.conditions.regression_event.RegressionEventCondition" }], filters: [], actions: service(channelSlug) },
    { name: "More than 1000 events in a minute", conditions: [{ id: "sentry.rules.conditions.event_frequency.EventFrequencyCondition", value: 1000, interval: "1m", comparisonType: "count" }], filters: [], actions: service(channelSlug) },
    { name: "More than 500 users in an hour", conditions: [{ id: "sentry.rules.conditions.event_frequency.EventUniqueUserFrequencyCondition", value: 500, interval: "1h", comparisonType: "count" }], filters: [], actions: service(channelSlug) },
    {
      name: "New or regressed errors behind the new checkout, by e-mail",
      conditions: [{ id: "sentry.rules.conditions.first_seen_event.FirstSeenEventCondition" }, { id: "sentry.rules.conditions.regression_event.RegressionEventCondition" }],
      filters: [
        { id: "sentry.rules.filters.level.LevelFilter", match: "gte", level: "40" },
        { id: "sentry.rules.filters.tagged_event.TaggedEventFilter", key: "feature.flag", match: "eq", value: "new-checkout" },
      ],
      actions: [{ id: "sentry.mail.actions.NotifyEmailAction", targetType: "IssueOwners", fallthroughType: "NoOne" }],
    },
  ];
}

/** A receiver on 127.0.0.1:`port` that answers every POST 200 and counts them. */
export async function startAlertReceiver(port) {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.once("end", () => {
      received += 1;
      response.writeHead(200).end("ok");
    });
  });
  server.listen(port, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${port}/bench-hook`,
    received: () => received,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** Replaces the rules of `projectId` (`lantern project create` adds the default one) with the first `count` bench rules. */
export function setUpAlertRules(databasePath, projectId, count, receiverUrl) {
  const db = new Database(databasePath);
  try {
    const now = Date.now();
    db.prepare("delete from alert_rules where project_id = ?").run(projectId);
    if (count === 0) return;
    db.prepare("insert into notification_channels (slug, name, kind, url, secret, created_by, created_at, updated_at) values (?, ?, 'webhook', ?, ?, 'cli', ?, ?)").run("bench-hook", "Bench hook", receiverUrl, "bench-secret", now, now);
    const insert = db.prepare(
      "insert into alert_rules (project_id, name, action_match, filter_match, frequency_minutes, environment, conditions, filters, actions, muted_until, created_by, created_at, updated_at) values (?, ?, 'any', 'all', 30, null, ?, ?, ?, null, 'cli', ?, ?)",
    );
    for (const rule of benchRules("bench-hook").slice(0, count)) insert.run(projectId, rule.name, JSON.stringify(rule.conditions), JSON.stringify(rule.filters), JSON.stringify(rule.actions), now, now);
  } finally {
    db.close();
  }
}

/** What the outbox holds after a run: deliveries decided, and how many were sent. */
export function countDeliveries(db) {
  return db.prepare("select count(*) as decided, coalesce(sum(case when status = 'sent' then 1 else 0 end), 0) as sent from alert_deliveries").get();
}
