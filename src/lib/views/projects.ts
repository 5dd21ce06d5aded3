/** What src/server/projects hands to pages and components, as plain data (the verbs that produce it re-export it). */

export interface OverviewIssue {
  id: number;
  title: string;
  culprit: string;
  level: string;
  timesSeen: number;
  firstSeen: number;
  lastSeen: number;
  /** Events in the overview's window. */
  windowCount: number;
}

export interface ProjectWithStats {
  id: number;
  slug: string;
  name: string;
  platform: string;
  isInternal: boolean;
  unresolvedIssues: number;
  /** Events per hour over the last 24 hours, oldest first, the current hour last: always 24 values. */
  hourlyEvents: number[];
  eventsLast24h: number;
}
