import type { AlertMessage, AlertReason } from "./alert-message";

export interface IssueFacts {
  id: number;
  title: string;
  culprit: string;
  level: string;
  status: string;
  first_seen: number;
  last_seen: number;
  times_seen: number;
  users_seen: number;
}

export interface MessageContext {
  reason: AlertReason;
  headline: string;
  issue: IssueFacts;
  project: { id: number; slug: string; name: string };
  environment: string | null;
  release: string | null;
  eventId: string | null;
  rule: { id: number; name: string } | null;
  actor?: string | null;
  comment?: string | null;
  now: number;
}

/**
 * An alert's words, decided now and kept in the outbox. Links are paths here: the sender makes them absolute
 * with LANTERN_URL when it sends (absoluteMessage), so the outbox does not depend on one instance's address.
 */
export function buildAlertMessage(context: MessageContext): AlertMessage {
  const projectPath = `/projects/${encodeURIComponent(context.project.slug)}`;
  const { issue } = context;
  return {
    reason: context.reason,
    headline: context.headline,
    issue: {
      id: issue.id,
      title: issue.title,
      culprit: issue.culprit,
      level: issue.level,
      status: issue.status,
      url: `${projectPath}/issues/${issue.id}`,
      firstSeen: issue.first_seen,
      lastSeen: issue.last_seen,
      count: issue.times_seen,
      userCount: issue.users_seen,
    },
    project: context.project,
    environment: context.environment,
    release: context.release,
    eventId: context.eventId,
    rule: context.rule ? { ...context.rule, url: `${projectPath}/alerts/${context.rule.id}` } : null,
    actor: context.actor ?? null,
    comment: context.comment ?? null,
    createdAt: context.now,
  };
}

/** The message with its links made absolute under `publicUrl`. */
export function absoluteMessage(message: AlertMessage, publicUrl: string): AlertMessage {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  const { feedback } = message;
  return {
    ...message,
    issue: { ...message.issue, url: absolute(message.issue.url) },
    rule: message.rule ? { ...message.rule, url: absolute(message.rule.url) } : null,
    ...(message.logs ? { logs: { ...message.logs, url: absolute(message.logs.url) } } : {}),
    ...(feedback ? { feedback: { ...feedback, url: absolute(feedback.url), linkedIssue: feedback.linkedIssue ? { ...feedback.linkedIssue, url: absolute(feedback.linkedIssue.url) } : null } } : {}),
  };
}

const intervalWords: Record<string, string> = { "1m": "1 minute", "5m": "5 minutes", "15m": "15 minutes", "1h": "1 hour", "1d": "1 day", "1w": "1 week" };

/** "Escalating: 11 events in 1 minute" / "12 users affected in 1 hour". */
export function frequencyHeadline(kind: "events" | "users", count: number, interval: string): string {
  const span = intervalWords[interval] ?? interval;
  return kind === "events" ? `Escalating: ${count.toLocaleString("en")} events in ${span}` : `Escalating: ${count.toLocaleString("en")} users affected in ${span}`;
}
