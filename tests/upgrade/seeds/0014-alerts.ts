import { expect } from "vitest";
import { listAlertDeliveries } from "@/server/alerts/list-alert-deliveries";
import { listAlertRules } from "@/server/alerts/list-alert-rules";
import { listNotificationChannels } from "@/server/alerts/list-notification-channels";
import { insertRow, insertRowReturningId, selectValue, type SeedTarget } from "../seed-sql";
import { day, hour, now, projectIdOf, type Upgraded } from "../seed-world";
import { sql } from "kysely";

const conditions = [{ id: "sentry.rules.conditions.event_frequency.EventFrequencyCondition", value: 100, interval: "1h", comparisonType: "count", name: "The issue is seen more than 100 times in 1h" }];
const filters = [{ id: "sentry.rules.filters.level.LevelFilter", match: "gte", level: "40" }];
const actions = [{ id: "sentry.rules.actions.notify_event_service.NotifyEventServiceAction", service: "storefront-oncall" }];

/**
 * Alerts as 0014 stores them: a Slack channel, a storefront rule in Sentry's JSON posting to it (as Terraform
 * wrote it, with Sentry's `name` labels kept), when it last fired, a minute bucket, and one delivery sent after
 * a 503 and its two attempts.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const storefront = await projectIdOf(target, "storefront");
  const channelId = await insertRowReturningId(target, "notification_channels", {
    slug: "storefront-oncall",
    name: "Storefront on-call",
    kind: "slack",
    url: "https://hooks.slack.com/services/T000/B000/abcdefghijklmnop",
    secret: null,
    created_by: "user:owner@storefront.test",
    created_at: now - 2 * day,
    updated_at: now - 2 * day,
  });
  const ruleId = await insertRowReturningId(target, "alert_rules", {
    project_id: storefront,
    name: "Checkout spike",
    action_match: "all",
    filter_match: "all",
    frequency_minutes: 60,
    environment: "production",
    conditions: JSON.stringify(conditions),
    filters: JSON.stringify(filters),
    actions: JSON.stringify(actions),
    muted_until: null,
    created_by: "user:owner@storefront.test",
    created_at: now - 2 * day,
    updated_at: now - day,
  });
  const issueId = await selectValue(target, sql<{ value: unknown }>`select min(id) as value from issues where project_id = ${storefront}`);
  await insertRow(target, "alert_rule_fires", { rule_id: ruleId, issue_id: issueId, fired_at: now - hour });
  await insertRow(target, "issue_minute_counts", { issue_id: issueId, minute: now - (now % 60_000), count: 4 });
  const deliveryId = await insertRowReturningId(target, "alert_deliveries", {
    delivery_id: "5b3f0c2e-1d7a-4e8b-9c6d-2f1e0a9b8c7d",
    project_id: storefront,
    rule_id: ruleId,
    issue_id: issueId,
    channel_id: channelId,
    kind: "slack",
    recipient: null,
    reason: "frequency",
    message: JSON.stringify({ reason: "frequency", headline: "Escalating: 101 events in 1 hour", issue: { id: issueId, title: "Seeded", culprit: "", level: "error", status: "unresolved", url: `/projects/storefront/issues/${issueId}`, firstSeen: now - day, lastSeen: now - hour, count: 101, userCount: 3 }, project: { id: storefront, slug: "storefront", name: "Storefront" }, environment: "production", release: null, eventId: null, rule: { id: ruleId, name: "Checkout spike", url: `/projects/storefront/alerts/${ruleId}` }, actor: null, comment: null, createdAt: now - hour }),
    status: "sent",
    attempts: 2,
    next_attempt_at: now - hour + 10_000,
    lease_until: null,
    response_code: 200,
    last_error: null,
    created_at: now - hour,
    finished_at: now - hour + 11_000,
  });
  await insertRow(target, "alert_delivery_attempts", { delivery_id: deliveryId, attempted_at: now - hour, response_code: 503, error: "HTTP 503", duration_ms: 40 });
  await insertRow(target, "alert_delivery_attempts", { delivery_id: deliveryId, attempted_at: now - hour + 11_000, response_code: 200, error: null, duration_ms: 35 });
}

export async function check({ context }: Upgraded): Promise<void> {
  const { rules } = await listAlertRules(context, { projectSlug: "storefront" });
  const rule = rules.find((candidate) => candidate.name === "Checkout spike");
  expect(rule).toMatchObject({ actionMatch: "all", filterMatch: "all", frequency: 60, environment: "production", conditions, filters, actions, lastFiredAt: now - hour });
  const channels = await listNotificationChannels(context);
  const channel = channels.find((candidate) => candidate.slug === "storefront-oncall");
  expect(channel).toMatchObject({ name: "Storefront on-call", kind: "slack", hasSecret: false });
  expect(JSON.stringify(channels)).not.toContain("abcdefghijklmnop");
  const [delivery] = await listAlertDeliveries(context, { projectSlug: "storefront", ruleId: Number(rule!.id) });
  expect(delivery).toMatchObject({ status: "sent", attempts: 2, responseCode: 200, reason: "frequency", issueTitle: "Seeded" });
  expect(delivery!.attemptLog.map((attempt) => attempt.responseCode)).toEqual([503, 200]);
}
