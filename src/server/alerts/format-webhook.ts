import type { AlertMessage, AlertReason } from "./alert-message";

/**
 * The JSON body of Lantern's generic webhook, documented field by field in docs/alerts.md ("Message
 * formats"). It is a contract with code we do not see: add fields, never rename or remove one. Times are
 * ISO 8601 in UTC; absent values are null, never missing.
 */
export interface WebhookBody {
  /** The delivery id, equal to the Lantern-Delivery header: the same on every retry of this message. */
  id: string;
  action: AlertReason;
  headline: string;
  issue: {
    id: number;
    title: string;
    culprit: string;
    level: string;
    status: string;
    url: string;
    firstSeen: string;
    lastSeen: string;
    count: number;
    userCount: number;
  };
  project: { id: number; slug: string; name: string };
  environment: string | null;
  release: string | null;
  eventId: string | null;
  rule: { id: number; name: string; url: string } | null;
  actor: string | null;
  comment: string | null;
  createdAt: string;
  /** Log alerts (action "log_threshold"): the query, the count and a few sample lines; null otherwise. */
  logs: { query: string; count: number; isCapped: boolean; threshold: number; interval: string; url: string; samples: string[] } | null;
  /**
   * Feedback alerts (action "feedback"): the feedback, its text as `message` (also in `comment`), and the issue
   * of the error it is about; null otherwise. Every string is as the person typed it: treat it as text.
   */
  feedback: { id: number; message: string; name: string | null; email: string | null; pageUrl: string | null; url: string; linkedIssue: { id: number; title: string; url: string } | null } | null;
}

export function formatWebhook(message: AlertMessage, deliveryId: string): WebhookBody {
  const { issue, project, rule } = message;
  return {
    id: deliveryId,
    action: message.reason,
    headline: message.headline,
    issue: {
      id: issue.id,
      title: issue.title,
      culprit: issue.culprit,
      level: issue.level,
      status: issue.status,
      url: issue.url,
      firstSeen: new Date(issue.firstSeen).toISOString(),
      lastSeen: new Date(issue.lastSeen).toISOString(),
      count: issue.count,
      userCount: issue.userCount,
    },
    project: { id: project.id, slug: project.slug, name: project.name },
    environment: message.environment,
    release: message.release,
    eventId: message.eventId,
    rule: rule ? { id: rule.id, name: rule.name, url: rule.url } : null,
    actor: message.actor,
    comment: message.comment,
    createdAt: new Date(message.createdAt).toISOString(),
    logs: message.logs ? { ...message.logs, samples: [...message.logs.samples] } : null,
    feedback: message.feedback ? { ...message.feedback, message: message.comment ?? "", linkedIssue: message.feedback.linkedIssue ? { ...message.feedback.linkedIssue } : null } : null,
  };
}
