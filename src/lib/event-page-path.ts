/** An event's permalink in the dashboard: `/projects/{slug}/issues/{issueId}/events/{eventId}`. */
export function eventPagePath(projectSlug: string, issueId: number, eventId: string): string {
  return `/projects/${encodeURIComponent(projectSlug)}/issues/${issueId}/events/${encodeURIComponent(eventId)}`;
}
