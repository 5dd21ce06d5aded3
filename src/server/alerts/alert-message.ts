/**
 * What an alert says, fixed when digest (or a person's action) decided it and kept in the outbox row, so a
 * retry a day later sends the same words. Every format — e-mail, Slack, Discord, Teams, the generic webhook —
 * is rendered from this (alerts/format-*.ts); nothing here is HTML.
 */
export type AlertReason =
  /** A rule fired: the issue was created, regressed, came back from ignored, or crossed a frequency. */
  | "new"
  | "regressed"
  | "reappeared"
  | "frequency"
  | "users"
  /** A log alert rule: more lines matched its query in its interval than its threshold (log_alert_rules). */
  | "log_threshold"
  /** An issue-alert rule whose category filter names Feedback: a new piece of user feedback arrived. */
  | "feedback"
  /** "Send test notification" on a channel or a rule. */
  | "test"
  /** Workflow e-mail to the assignee: assigned to them, a comment on their issue, their issue regressed. */
  | "assigned"
  | "comment"
  | "assigned_regressed";

export interface AlertMessage {
  reason: AlertReason;
  /** What happened, in words: "New issue", "Regressed", "Escalating: 11 events in 1 minute". */
  headline: string;
  issue: {
    id: number;
    title: string;
    culprit: string;
    level: string;
    status: string;
    /** Absolute link to the issue page (LANTERN_URL). */
    url: string;
    firstSeen: number;
    lastSeen: number;
    /** Events and distinct users of the issue when the alert was decided. */
    count: number;
    userCount: number;
  };
  project: { id: number; slug: string; name: string };
  environment: string | null;
  release: string | null;
  eventId: string | null;
  /** The rule that fired (null for workflow e-mail and channel tests), with a link to its page. */
  rule: { id: number; name: string; url: string } | null;
  /** Workflow: who assigned or commented, and the comment. */
  actor: string | null;
  comment: string | null;
  createdAt: number;
  /**
   * A log alert (reason "log_threshold"): what was counted. `issue` then describes the query instead of an
   * issue — id 0, the headline as title, the query as culprit, its link the logs explorer — so every format
   * reads the same fields. Absent on issue alerts.
   */
  logs?: LogAlertFacts | null;
  /**
   * A feedback alert (reason "feedback"): who wrote what, where. `comment` holds the feedback's text and `actor`
   * its author, so every format quotes it as it quotes a comment; `issue` describes the feedback — id 0, its
   * link the feedback in Lantern. Absent on other alerts.
   */
  feedback?: FeedbackAlertFacts | null;
}

export interface FeedbackAlertFacts {
  id: number;
  /** Name and e-mail as the person typed them (from outside: never markup). */
  name: string | null;
  email: string | null;
  /** The page the feedback was sent from. */
  pageUrl: string | null;
  /** The feedback in Lantern: a path in the outbox, absolute when sent. */
  url: string;
  /** The issue of the error the feedback is about, when it names one Lantern has. */
  linkedIssue: { id: number; title: string; url: string } | null;
}

export interface LogAlertFacts {
  query: string;
  /** Matching lines in the window (at least this many when `isCapped`). */
  count: number;
  isCapped: boolean;
  threshold: number;
  /** "1 minute", "1 hour". */
  interval: string;
  /** The logs explorer with the query: a path in the outbox, absolute when sent. */
  url: string;
  /** A few of the newest matching lines, as text (they come from outside: never markup). */
  samples: string[];
}

/** The result of one delivery attempt, as the sender needs it to decide what comes next. */
export type AttemptOutcome =
  | { ok: true; responseCode: number | null }
  | {
      ok: false;
      responseCode: number | null;
      error: string;
      /** Network errors, timeouts, 5xx and 429 are retried; other 4xx and refused targets are not. */
      retry: boolean;
      /** The receiver's Retry-After, in ms from now. */
      retryAfterMs?: number;
    };

/** Where a notification channel posts: Slack, Discord and Teams incoming webhooks, or Lantern's signed webhook. */
export { channelKinds, type ChannelKind } from "@/lib/channel-kinds";
