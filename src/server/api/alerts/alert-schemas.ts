import { z } from "zod";

/**
 * The rules and notification-channel endpoints' shapes. Rules are Sentry's issue-alert JSON
 * (https://docs.sentry.io/api/alerts/), so Terraform's sentry_issue_alert and scripts written for Sentry work
 * unchanged; channels are Lantern's own (Sentry's integrations have no equivalent).
 */

const isoTime = z.string().meta({ description: "ISO 8601, UTC", format: "date-time" });
const ruleItem = z.record(z.string(), z.unknown()).meta({ description: "A condition, filter or action in Sentry's shape: `id` names it, its other fields are its settings" });

export const ApiAlertRule = z.object({
  id: z.string(),
  name: z.string(),
  actionMatch: z.enum(["any", "all"]),
  filterMatch: z.enum(["any", "all", "none"]),
  frequency: z.number().int().meta({ description: "The action interval: actions run at most once per issue per this many minutes" }),
  environment: z.string().nullable(),
  conditions: z.array(ruleItem).meta({ description: "As sent" }),
  filters: z.array(ruleItem).meta({ description: "As sent" }),
  actions: z.array(ruleItem).meta({ description: "As sent" }),
  dateCreated: isoTime,
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  projects: z.array(z.string()),
  owner: z.null(),
  status: z.literal("active"),
  snooze: z.boolean().meta({ description: "Muted now" }),
});
export type ApiAlertRule = z.infer<typeof ApiAlertRule>;

export const ApiAlertRuleInput = z.object({
  name: z.string().meta({ description: "At most 256 characters" }),
  actionMatch: z.enum(["any", "all"]).optional().meta({ description: "How the conditions combine (default any)" }),
  filterMatch: z.enum(["any", "all", "none"]).optional().meta({ description: "How the filters combine (default all)" }),
  frequency: z.union([z.number().int(), z.string()]).optional().meta({ description: "Minutes, 5 to 43200 (default 30)" }),
  environment: z.string().nullable().optional(),
  conditions: z.array(ruleItem).meta({
    description:
      "At least one of sentry.rules.conditions.first_seen_event.FirstSeenEventCondition, …regression_event.RegressionEventCondition, …reappeared_event.ReappearedEventCondition, …event_frequency.EventFrequencyCondition and …event_frequency.EventUniqueUserFrequencyCondition (`value`, `interval` 1m, 5m, 15m, 1h, 1d or 1w)",
  }),
  filters: z.array(ruleItem).optional().meta({ description: "sentry.rules.filters.level.LevelFilter, …tagged_event.TaggedEventFilter, …age_comparison.AgeComparisonFilter, …assigned_to.AssignedToFilter, …event_attribute.EventAttributeFilter" }),
  actions: z.array(ruleItem).meta({
    description: "At least one of sentry.mail.actions.NotifyEmailAction (`targetType` IssueOwners, Team or Member, `targetIdentifier`, `fallthroughType`) and sentry.rules.actions.notify_event_service.NotifyEventServiceAction (`service`: a notification channel's slug)",
  }),
});

export const ApiNotificationChannel = z.object({
  id: z.string(),
  slug: z.string().meta({ description: "What a rule's NotifyEventServiceAction names as `service`" }),
  name: z.string(),
  kind: z.enum(["slack", "discord", "msteams", "webhook"]),
  urlHint: z.string().meta({ description: "Scheme, host and the last four characters: the URL itself is never returned" }),
  hasSecret: z.boolean().meta({ description: "Whether a signing secret is set (it is never returned after creation)" }),
  dateCreated: isoTime,
  dateUpdated: isoTime,
});
export type ApiNotificationChannel = z.infer<typeof ApiNotificationChannel>;

export const ApiNotificationChannelCreated = ApiNotificationChannel.extend({
  secret: z.string().nullable().meta({ description: "The webhook's signing secret, shown in this answer only (generated when none was sent)" }),
});
export type ApiNotificationChannelCreated = z.infer<typeof ApiNotificationChannelCreated>;

export const ApiNotificationChannelCreate = z.object({
  name: z.string().meta({ description: "At most 100 characters" }),
  kind: z.enum(["slack", "discord", "msteams", "webhook"]),
  url: z.string().meta({ description: "The incoming-webhook URL (https for Slack); loopback, private and link-local targets are refused unless LANTERN_WEBHOOK_ALLOW_PRIVATE" }),
  secret: z.string().optional().meta({ description: "webhook only: the HMAC key of Lantern-Signature (16–256 characters); generated when absent" }),
  slug: z.string().optional().meta({ description: "Default: from the name" }),
});

export const ApiNotificationChannelUpdate = z.object({
  name: z.string().optional(),
  url: z.string().optional(),
  secret: z.string().optional().meta({ description: "webhook only: a new signing secret" }),
});
