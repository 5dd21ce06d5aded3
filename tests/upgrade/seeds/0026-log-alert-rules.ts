import { expect } from "vitest";
import { evaluateLogAlerts } from "@/server/alerts/evaluate-log-alerts";
import { listLogAlertRules } from "@/server/alerts/list-log-alert-rules";
import { insertRow, type SeedTarget } from "../seed-sql";
import { hour, now, projectIdOf, type Upgraded } from "../seed-world";

/**
 * A log alert rule as 0026 stores it: "more than 0 lines matching `payment declined` in 1 day" on checkout
 * (whose 0024 seed holds such a line), posting to the 0014 Slack channel, never evaluated yet.
 */
export async function seed(target: SeedTarget): Promise<void> {
  const checkout = await projectIdOf(target, "checkout");
  await insertRow(target, "log_alert_rules", {
    project_id: checkout,
    name: "Declined payments",
    query: "payment declined",
    threshold: 0,
    interval: "1d",
    channels: JSON.stringify(["storefront-oncall"]),
    muted_until: null,
    firing_since: null,
    last_count: null,
    evaluated_at: null,
    created_by: "user:owner@storefront.test",
    created_at: now - hour,
    updated_at: now - hour,
  });
}

export async function check({ context, database, config }: Upgraded): Promise<void> {
  const [rule] = await listLogAlertRules(context, { projectSlug: "checkout" });
  expect(rule).toMatchObject({ name: "Declined payments", query: "payment declined", threshold: 0, interval: "1d", channels: ["storefront-oncall"], firingSince: null });
  const outcomes = await evaluateLogAlerts(database, config, now);
  expect(outcomes.find((outcome) => outcome.ruleId === rule!.id)).toMatchObject({ count: 1, change: "fired", deliveries: 1 });
}
