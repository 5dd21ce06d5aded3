import type { ChannelKind } from "@/lib/channel-kinds";

/** What src/server/alerts hands to pages and components, as plain data (the verbs that produce it re-export it). */

/** A rule as pages, server actions and the API read it: Sentry's fields as sent, plus Lantern's state. */
export interface AlertRuleView {
  id: number;
  name: string;
  actionMatch: "any" | "all";
  filterMatch: "any" | "all" | "none";
  /** The action interval in minutes. */
  frequency: number;
  environment: string | null;
  /** As sent: Sentry's issue-alert JSON, kept verbatim. */
  conditions: unknown[];
  filters: unknown[];
  actions: unknown[];
  /** Muted until then (epoch ms); null when it runs. */
  mutedUntil: number | null;
  /** Who made it, as the audit log names people: "user:<e-mail>" or "cli". */
  createdBy: string;
  createdAt: number;
  updatedAt: number;
  /** When its actions last ran for any issue. */
  lastFiredAt: number | null;
}

export interface RuleSummary {
  when: string;
  /** Empty when the rule has no filters and no environment. */
  if: string;
  then: string;
  /** "at most once per issue every 30 minutes". */
  interval: string;
}

export interface NotificationSettings {
  /** Every project the viewer can see, and whether its alert e-mail reaches them. */
  projects: { id: number; slug: string; name: string; alertEmail: boolean }[];
  /** Assigned to me, comments on and regressions of my issues. */
  workflowEmail: boolean;
}

/**
 * A channel as anyone may read it. A webhook URL is itself a credential (Slack's, Discord's and Teams' are
 * the only secret there is), so only its scheme, host and last four characters are ever shown, and the
 * signing secret never is — both are write-only once created.
 */
export interface NotificationChannelView {
  id: number;
  slug: string;
  name: string;
  kind: ChannelKind;
  /** `https://hooks.slack.com/…/XXXX` */
  urlHint: string;
  hasSecret: boolean;
  createdAt: number;
  updatedAt: number;
}

/**
 * The rule form of the dashboard, both ways: a rule (Sentry's issue-alert JSON) → the form's fields, and the
 * fields a plain <form> posts → Sentry JSON for createAlertRule / updateAlertRule, which validate it. The
 * form has one slot per kind of condition, filter and action, so it works without script; what a rule holds
 * beyond those slots (a second tag filter, Sentry fields Lantern does not know) is listed in `unshown`,
 * and the page says that saving the form replaces it.
 */
export interface RuleFormValues {
  name: string;
  actionMatch: "any" | "all";
  filterMatch: "any" | "all" | "none";
  frequency: string;
  environment: string;
  whenFirstSeen: boolean;
  whenRegression: boolean;
  whenReappeared: boolean;
  whenEvents: boolean;
  whenEventsValue: string;
  whenEventsInterval: string;
  whenUsers: boolean;
  whenUsersValue: string;
  whenUsersInterval: string;
  ifLevel: boolean;
  ifLevelMatch: string;
  ifLevelValue: string;
  ifRelease: boolean;
  ifReleaseMatch: string;
  ifReleaseValue: string;
  ifTag: boolean;
  ifTagKey: string;
  ifTagMatch: string;
  ifTagValue: string;
  ifAge: boolean;
  ifAgeComparison: string;
  ifAgeValue: string;
  ifAgeUnit: string;
  ifAssigned: boolean;
  ifAssignedType: string;
  ifAssignedMember: string;
  ifAssignedTeam: string;
  ifCategory: boolean;
  /** Sentry's GroupCategory number as text: "1" Error, "6" Feedback. */
  ifCategoryValue: string;
  thenEmail: boolean;
  thenEmailTarget: string;
  thenEmailMember: string;
  thenEmailTeam: string;
  thenChannel: boolean;
  thenChannelSlug: string;
}

export interface AlertDeliveryAttemptView {
  attemptedAt: number;
  responseCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One message of the outbox and what became of it: the rule's or channel's delivery log. */
export interface AlertDeliveryView {
  id: number;
  /** What receivers see as Lantern-Delivery. */
  deliveryId: string;
  createdAt: number;
  issueId: number | null;
  issueTitle: string;
  kind: string;
  /** The e-mail address (project members may see their colleagues'); null for channels. */
  recipient: string | null;
  channel: { slug: string; name: string } | null;
  reason: string;
  /** pending | sent | failed */
  status: string;
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  finishedAt: number | null;
  attemptLog: AlertDeliveryAttemptView[];
}
