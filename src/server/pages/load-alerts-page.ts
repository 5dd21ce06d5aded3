import { notFound } from "next/navigation";
import type { AccessContext } from "../access/authorize";
import { permissionOf } from "../access/policy";
import type { AlertRuleView } from "../alerts/alert-rule-view";
import { describeAlertRule, type RuleSummary, type RuleTargetNames } from "../alerts/describe-alert-rule";
import { getAlertRule } from "../alerts/get-alert-rule";
import { listAlertDeliveries } from "../alerts/list-alert-deliveries";
import { listAlertRules } from "../alerts/list-alert-rules";
import type { TargetHealth } from "@/lib/delivery-health";
import { listChannelDeliveryHealth, listRuleDeliveryHealth } from "../alerts/list-delivery-health";
import { describeEmailSetup } from "../alerts/describe-email-setup";
import { listNotificationChannels } from "../alerts/list-notification-channels";
import { listRuleTargets, type RuleTargets } from "../alerts/list-rule-targets";
import type { NotificationChannelView } from "../alerts/notification-channel-view";
import { newRuleFormValues, ruleFormValuesOf, type RuleFormValues } from "../alerts/rule-form";
import { isAppError } from "../errors";
import { loadProjectPage } from "./load-project-page";

/** A verb's not_found (another team's project, a rule of another project, a missing one) is the router's 404. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
}

function namesOf(targets: RuleTargets, channels: NotificationChannelView[]): RuleTargetNames {
  return {
    channels: new Map(channels.map((channel) => [channel.slug, channel.name])),
    people: new Map(targets.people.map((person) => [person.id, person.name || person.email])),
    teams: new Map(targets.teams.map((team) => [team.id, team.name])),
  };
}

export interface AlertRuleRow {
  rule: AlertRuleView;
  summary: RuleSummary;
  /** Its e-mail and channels that are failing now (empty: none). */
  failing: TargetHealth[];
}

/** Project → Alerts: the rules in words, and whether the viewer may change them (members read only). */
export async function loadAlertRulesPage(context: AccessContext, projectSlug: string) {
  const { project, rules } = await orNotFound(listAlertRules(context, { projectSlug }));
  const [targets, channels, health] = await Promise.all([listRuleTargets(context, { projectSlug }), listNotificationChannels(context), listRuleDeliveryHealth(context, { projectSlug })]);
  const names = namesOf(targets, channels);
  const rows: AlertRuleRow[] = rules.map((rule) => ({ rule, summary: describeAlertRule(rule, names), failing: health.get(rule.id) ?? [] }));
  // Read once here, not while rendering: whether a rule is still muted is decided at this time.
  const emailSetup = describeEmailSetup(context.config);
  return { project, rows, canSendEmail: emailSetup.isConfigured, mayChange: context.viewer.permissions.has(permissionOf("alert.write")), now: Date.now() };
}

/**
 * A rule's page (or the new rule's): the form's values, the people, teams and channels it offers, and for a
 * stored rule its summary and delivery log. "new" needs alert.write; a member opening a rule reads it.
 */
export async function loadAlertRulePage(context: AccessContext, projectSlug: string, ruleId: number | "new") {
  const { project } = await loadProjectPage(context, projectSlug, "alert.list");
  const mayChange = context.viewer.permissions.has(permissionOf("alert.write"));
  if (ruleId === "new" && !mayChange) notFound();
  const rule = ruleId === "new" ? null : await orNotFound(getAlertRule(context, { projectSlug, ruleId }));
  const [targets, channels, deliveries, health] = await Promise.all([
    listRuleTargets(context, { projectSlug }),
    listNotificationChannels(context),
    rule ? listAlertDeliveries(context, { projectSlug, ruleId: rule.id }, { limit: 50 }) : Promise.resolve([]),
    rule ? listRuleDeliveryHealth(context, { projectSlug, ruleId: rule.id }) : Promise.resolve(new Map<number, TargetHealth[]>()),
  ]);
  const form: { values: RuleFormValues; unshown: string[] } = rule ? ruleFormValuesOf(rule) : { values: newRuleFormValues(), unshown: [] };
  const failing = rule ? (health.get(rule.id) ?? []) : [];
  return { project, rule, summary: rule ? describeAlertRule(rule, namesOf(targets, channels)) : null, form, targets, channels, deliveries, failing, emailSetup: describeEmailSetup(context.config), mayChange, now: Date.now() };
}

/**
 * Settings → Notifications (owners and admins): whether e-mail can be sent and whether it is failing, and
 * every channel with its recent deliveries and whether it is failing.
 */
export async function loadNotificationChannelsPage(context: AccessContext) {
  if (!context.viewer.permissions.has(permissionOf("channel.write"))) notFound();
  const [channels, health] = await Promise.all([listNotificationChannels(context), listChannelDeliveryHealth(context)]);
  const deliveries = await Promise.all(channels.map((channel) => listAlertDeliveries(context, { channelSlug: channel.slug }, { limit: 20 })));
  const failingBySlug = new Map(health.channels.flatMap(({ target, failing }) => (target.kind === "channel" ? [[target.slug, failing] as const] : [])));
  return {
    email: { setup: describeEmailSetup(context.config), failing: health.email, viewerEmail: context.viewer.email },
    channels: channels.map((channel, index) => ({ channel, deliveries: deliveries[index]!, failing: failingBySlug.get(channel.slug) ?? null })),
    now: Date.now(),
  };
}
