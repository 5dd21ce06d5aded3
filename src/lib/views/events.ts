import type { JsonObject } from "@/lib/json-values";

/** What src/server/events hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface DigestEventMatch {
  projectSlug: string;
  projectName: string;
  issueId: number;
  issueTitle: string;
  /** The event's 32-hex id, as in the event page's path. */
  eventId: string;
  timestamp: number;
  /** The event page: `/projects/{slug}/issues/{issueId}/events/{eventId}`. */
  path: string;
}

export interface TraceEventMatch extends DigestEventMatch {
  level: string;
}

export interface EventAttachmentSummary {
  id: number;
  filename: string;
  contentType: string | null;
  /** Sentry's `attachment_type`: event.attachment, event.minidump, event.view_hierarchy… */
  attachmentType: string;
  size: number;
}

export interface IssueEventListItem {
  id: number;
  eventId: string;
  timestamp: number;
  title: string;
  release: string | null;
  environment: string | null;
  userKey: string | null;
  level: string;
}

export interface IssueEvent {
  id: number;
  eventId: string;
  timestamp: number;
  receivedAt: number;
  /** The hash through which the event joined its issue. */
  groupHash: string | null;
  payload: JsonObject;
  /** The neighbours in time, ordered by (timestamp, id); null at either end. */
  olderEventId: string | null;
  newerEventId: string | null;
  oldestEventId: string;
  latestEventId: string;
}
