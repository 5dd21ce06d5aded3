/**
 * The ids and spellings of Sentry's issue-alert rules that Lantern understands (server/alerts/rule-schema.ts
 * validates rules with them). Plain constants, apart from the schema, so pages that list them — the docs —
 * do not bring zod into the browser (its JIT check calls Function(), which the CSP refuses).
 */

export const conditionIds = {
  firstSeen: "sentry.rules.conditions.first_seen_event.FirstSeenEventCondition",
  regression: "sentry.rules.conditions.regression_event.RegressionEventCondition",
  reappeared: "sentry.rules.conditions.reappeared_event.ReappearedEventCondition",
  eventFrequency: "sentry.rules.conditions.event_frequency.EventFrequencyCondition",
  uniqueUserFrequency: "sentry.rules.conditions.event_frequency.EventUniqueUserFrequencyCondition",
} as const;

export const filterIds = {
  level: "sentry.rules.filters.level.LevelFilter",
  tagged: "sentry.rules.filters.tagged_event.TaggedEventFilter",
  age: "sentry.rules.filters.age_comparison.AgeComparisonFilter",
  assignedTo: "sentry.rules.filters.assigned_to.AssignedToFilter",
  eventAttribute: "sentry.rules.filters.event_attribute.EventAttributeFilter",
  issueCategory: "sentry.rules.filters.issue_category.IssueCategoryFilter",
} as const;

/**
 * Sentry's issue categories (its GroupCategory numbers), as the issue-category filter's `value` names them.
 * Lantern's issues are all errors today; feedback is matched by rules that name Feedback (docs/alerts.md →
 * "Feedback alerts"). The other numbers are accepted so a rule written for Sentry is kept as written.
 */
export const issueCategories = { error: 1, performance: 2, profile: 3, cron: 4, replay: 5, feedback: 6, uptime: 7, metric_alert: 8 } as const;
export type IssueCategory = keyof typeof issueCategories;
/** The categories Lantern has issues of, as the rule form offers them. */
export const issueCategoryChoices = [
  { value: String(issueCategories.error), label: "Error" },
  { value: String(issueCategories.cron), label: "Cron" },
  { value: String(issueCategories.uptime), label: "Uptime" },
  { value: String(issueCategories.feedback), label: "Feedback" },
] as const;

export const actionIds = {
  email: "sentry.mail.actions.NotifyEmailAction",
  service: "sentry.rules.actions.notify_event_service.NotifyEventServiceAction",
} as const;

/** Frequency windows as Sentry spells them, in milliseconds. */
export const frequencyIntervals = { "1m": 60_000, "5m": 300_000, "15m": 900_000, "1h": 3_600_000, "1d": 86_400_000, "1w": 604_800_000 } as const;
export type FrequencyInterval = keyof typeof frequencyIntervals;

/** Sentry's numeric log levels, as strings in rule JSON. */
export const levelNumbers = { debug: 10, info: 20, warning: 30, error: 40, fatal: 50 } as const;

/** Sentry's match operators for tag and attribute filters. */
export const matchOperators = ["eq", "ne", "sw", "nsw", "ew", "new", "co", "nc", "is", "ns"] as const;
export type MatchOperator = (typeof matchOperators)[number];

/** Event attributes a rule can match (Sentry's names where Sentry has them; `message` is the title, `type` the event type). */
export const eventAttributes = ["release", "environment", "platform", "message", "type", "culprit", "transaction"] as const;

/** The action interval's bounds in minutes, as Sentry's: 5 minutes to 30 days. */
export const minFrequencyMinutes = 5;
export const maxFrequencyMinutes = 43_200;
