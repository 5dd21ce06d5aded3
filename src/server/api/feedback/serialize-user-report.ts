import type { FeedbackView } from "@/lib/views/feedback";

/** Sentry's event-user object: every key present, all but `id` nullable (what Sentry's MCP server requires). */
export interface ApiEventUser {
  id: string;
  username: string | null;
  email: string | null;
  name: string | null;
  ipAddress: string | null;
  avatarUrl: string | null;
}

/** Sentry's user-report JSON (telemetry-protocol §3.6); the project list adds `issue`. */
export interface ApiUserReport {
  id: string;
  eventID: string;
  name: string | null;
  email: string | null;
  comments: string;
  dateCreated: string;
  user: ApiEventUser | null;
  event: { id: string; eventID: string };
  issue?: { id: string; shortId: string; permalink: string } | null;
}

function textOf(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : null;
}

function apiUser(feedback: FeedbackView): ApiEventUser | null {
  const user = feedback.user;
  if (!user) return null;
  const id = textOf(user.id) ?? textOf(user.email) ?? textOf(user.username) ?? textOf(user.ip_address);
  if (id === null) return null;
  return { id, username: textOf(user.username), email: textOf(user.email), name: textOf(user.name), ipAddress: textOf(user.ip_address), avatarUrl: null };
}

export function serializeUserReport(feedback: FeedbackView, options: { publicUrl: string; withIssue: boolean }): ApiUserReport {
  // A report is about its linked event; widget feedback without one is its own event.
  const eventId = feedback.linkedEventId ?? feedback.eventId;
  const report: ApiUserReport = {
    id: String(feedback.id),
    eventID: eventId,
    name: feedback.name ?? feedback.email,
    email: feedback.email,
    comments: feedback.message,
    dateCreated: new Date(feedback.createdAt).toISOString(),
    user: apiUser(feedback),
    event: { id: eventId, eventID: eventId },
  };
  if (options.withIssue) {
    report.issue =
      feedback.issueId === null
        ? null
        : { id: String(feedback.issueId), shortId: `${feedback.projectSlug.toUpperCase()}-${feedback.issueId}`, permalink: `${options.publicUrl.replace(/\/$/, "")}/projects/${feedback.projectSlug}/issues/${feedback.issueId}` };
  }
  return report;
}
