import type { Kysely } from "kysely";
import { failingDeliveriesOf, type DeliveryOutcomeRow, type FailingDeliveries, type TargetHealth } from "@/lib/delivery-health";
import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import type { Database } from "../db/schema";

/**
 * Newest deliveries read per rule, per channel and for e-mail: each read is one range of an index
 * (alert_deliveries_rule or alert_deliveries_channel, both ending in created_at), so a page costs the same
 * however long a target has been failing; past this the count reads "100+".
 */
export const healthRowLimit = 100;

interface HealthRow extends DeliveryOutcomeRow {
  channelId: number | null;
}

async function newestDeliveries(db: Kysely<Database>, of: { ruleId: number } | { channelId: number | null }): Promise<HealthRow[]> {
  let query = db.selectFrom("alert_deliveries").select(["channel_id", "status", "attempts", "created_at", "response_code", "last_error"]);
  if ("ruleId" in of) query = query.where("rule_id", "=", of.ruleId);
  else if (of.channelId === null) query = query.where("channel_id", "is", null).where("kind", "=", "email");
  else query = query.where("channel_id", "=", of.channelId);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(healthRowLimit).execute();
  return rows.map((row) => ({
    channelId: row.channel_id === null ? null : Number(row.channel_id),
    status: row.status,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    responseCode: row.response_code,
    lastError: row.last_error,
  }));
}

/**
 * Each rule's failing targets (its e-mail, each channel it posts to), by rule id, for the project's Alerts
 * tab and a rule's page (`ruleId`: that rule alone): a rule with nothing failing is absent. Anyone who sees the project reads it, as they
 * read the rule's delivery log.
 */
export async function listRuleDeliveryHealth(context: AccessContext, input: { projectSlug: string; ruleId?: number }): Promise<Map<number, TargetHealth[]>> {
  const { project } = await authorizeProject(context, "alert.list", input.projectSlug);
  let rulesQuery = context.db.selectFrom("alert_rules").select("id").where("project_id", "=", project.id);
  if (input.ruleId !== undefined) rulesQuery = rulesQuery.where("id", "=", input.ruleId);
  const rules = await rulesQuery.execute();
  const health = new Map<number, TargetHealth[]>();
  const channelIds = new Set<number>();
  const perRule = await Promise.all(rules.map(async (rule) => ({ ruleId: Number(rule.id), rows: await newestDeliveries(context.db, { ruleId: Number(rule.id) }) })));
  const failingByRule = perRule.map(({ ruleId, rows }) => {
    const byTarget = new Map<number | null, HealthRow[]>();
    for (const row of rows) byTarget.set(row.channelId, [...(byTarget.get(row.channelId) ?? []), row]);
    const failing: { channelId: number | null; failing: FailingDeliveries }[] = [];
    for (const [channelId, targetRows] of byTarget) {
      const verdict = failingDeliveriesOf(targetRows, rows.length >= healthRowLimit);
      if (verdict) failing.push({ channelId, failing: verdict });
      if (verdict && channelId !== null) channelIds.add(channelId);
    }
    return { ruleId, failing };
  });
  const channels = channelIds.size === 0 ? [] : await context.db.selectFrom("notification_channels").select(["id", "slug", "name"]).where("id", "in", [...channelIds]).execute();
  const channelById = new Map(channels.map((channel) => [Number(channel.id), { kind: "channel" as const, slug: channel.slug, name: channel.name }]));
  for (const { ruleId, failing } of failingByRule) {
    const targets = failing.flatMap(({ channelId, failing: verdict }): TargetHealth[] => {
      if (channelId === null) return [{ target: { kind: "email" }, failing: verdict }];
      const channel = channelById.get(channelId);
      return channel ? [{ target: channel, failing: verdict }] : [];
    });
    if (targets.length > 0) health.set(ruleId, targets);
  }
  return health;
}

/**
 * Instance-wide, for Settings → Notifications and `lantern doctor` (owners and admins, who see channels'
 * delivery logs): whether e-mail deliveries (alerts and workflow e-mail of every project) and each channel
 * are failing. Channels with nothing failing are absent from `channels`.
 */
export async function listChannelDeliveryHealth(context: AccessContext): Promise<{ email: FailingDeliveries | null; channels: TargetHealth[] }> {
  authorize(context, "channel.write");
  const channels = await context.db.selectFrom("notification_channels").select(["id", "slug", "name"]).orderBy("name").execute();
  const [emailRows, ...channelRows] = await Promise.all([newestDeliveries(context.db, { channelId: null }), ...channels.map((channel) => newestDeliveries(context.db, { channelId: Number(channel.id) }))]);
  const email = failingDeliveriesOf(emailRows!, emailRows!.length >= healthRowLimit);
  const failingChannels = channels.flatMap((channel, index): TargetHealth[] => {
    const rows = channelRows[index]!;
    const failing = failingDeliveriesOf(rows, rows.length >= healthRowLimit);
    return failing ? [{ target: { kind: "channel", slug: channel.slug, name: channel.name }, failing }] : [];
  });
  return { email, channels: failingChannels };
}
