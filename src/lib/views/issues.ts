/**
 * The shapes src/server/issues hands to pages and components: plain data, so client components can name them
 * without importing server code. The verbs that produce them re-export them.
 */
import type { EnvironmentScope } from "@/lib/environment-filter";
import type { GroupingResult } from "@/lib/grouping-result";
import type { EventAttachmentSummary } from "@/lib/views/events";
import type { SuspectCommit } from "@/lib/views/release-commits";
import type { StoredEventResolution } from "@/lib/views/sourcemaps";
import type { Assignee } from "./assignee";
import type { FeedbackView } from "./feedback";

export const issueSorts = ["last_seen", "first_seen", "times_seen", "users_seen"] as const;
export type IssueSort = (typeof issueSorts)[number];

export interface IssueComment {
  id: number;
  author: string;
  body: string;
  createdAt: number;
}

export interface TagValueShare {
  value: string;
  count: number;
  /** count ÷ the issue's events, 0–1. */
  share: number;
}

export interface TagDistribution {
  key: string;
  /** Events of the issue that carry this tag. */
  total: number;
  /** How many distinct values the tag has. */
  valueCount: number;
  /** The most frequent values, most frequent first. */
  topValues: TagValueShare[];
  /** Events whose value is not among the top ones. */
  otherCount: number;
}

export interface SuspectReleaseHint {
  version: string;
  /** first_seen: the issue's first event came with this release; regressed: it came back in it. */
  kind: "first_seen" | "regressed";
  /** When the project first saw the release (epoch ms). */
  releaseFirstSeen: number;
  /** The issue's events in releases the project saw before this one. */
  eventsBefore: number;
  /** The issue's events in this release and the ones after it. */
  eventsSince: number;
  search: string;
}

export interface OverRepresentedTagHint {
  key: string;
  value: string;
  /** The issue's events with this value. */
  count: number;
  /** Share of the issue's events that carry the key, 0–1. */
  issueShare: number;
  /** Share of the project's events that carry the key, 0–1. */
  projectShare: number;
  /** issueShare ÷ projectShare. */
  lift: number;
  search: string;
}

export interface EnvironmentSeenHint {
  environment: string;
  timesSeen: number;
  firstSeen: number;
  lastSeen: number;
  search: string;
}

export interface IssueHints {
  suspectRelease: SuspectReleaseHint | null;
  overRepresentedTags: OverRepresentedTagHint[];
  environments: EnvironmentSeenHint[];
}

/** The two views of the issue page's chart: the last 24 hours by hour, or the last 30 days by (UTC) day. */
export type VolumeRange = "24h" | "30d";

/** What the list, the issue page and the API show: a person with name and e-mail, or a team with its slug. */
export type { Assignee } from "./assignee";

/** What a saved search is to the pages: a tab with a name, the query and sort it reproduces. */
export interface SavedSearch {
  id: number;
  name: string;
  query: string;
  sort: IssueSort;
  /** Null: the all-projects list. */
  projectId: number | null;
  isShared: boolean;
  /** Whether the viewer made it (only the maker, or for shared ones owners and admins, may delete it). */
  isMine: boolean;
}

export interface IssueListItem {
  id: number;
  projectId: number;
  projectSlug: string;
  projectName: string;
  title: string;
  culprit: string;
  level: string;
  status: string;
  substatus: string | null;
  timesSeen: number;
  usersSeen: number;
  firstSeen: number;
  lastSeen: number;
  lastRelease: string | null;
  /** The assignee's columns (migration 0017); load-issue-list turns them into names. */
  assigneeUserId: string | null;
  assigneeTeamId: number | null;
  priority: string;
}

export interface IssueListData {
  queryText: string;
  /** When the list was read (what relative times count from). */
  now: number;
  /** Why the query (or page link) could not be used; `position` is null when it is not about the text. */
  error: { message: string; position: number | null; length: number } | null;
  /** `isUnhandled`: some event of the issue crashed without the app catching it (the list marks it). */
  issues: (IssueListItem & { sparkline: number[]; assignee: Assignee | null; isUnhandled: boolean })[];
  nextCursor: string | null;
  /** What the live check compares against; null on later pages, which do not update themselves. */
  live: { since: number; baseline: [id: number, timesSeen: number][] } | null;
  /** The header's environment filter on this list: applied, or overridden by the query's own `environment:`. */
  environmentScope?: EnvironmentScope;
}

/** An issue of "assigned to me" on the home page: a row of the issue list. */
export type AssignedIssue = IssueListData["issues"][number];

export interface IssueVolume {
  range: VolumeRange;
  bucketMs: number;
  /** Oldest first; the last bucket is the current hour or day. */
  buckets: { start: number; count: number }[];
  total: number;
}

export interface IssueDetails {
  issue: IssueRecord;
  project: { id: number; slug: string; name: string };
  environments: { environment: string; timesSeen: number }[];
  hashes: { hash: string; originIssueId: number }[];
  activity: { id: number; kind: string; actor: string; data: Record<string, unknown> | null; createdAt: number }[];
  /** Events of the issue still stored (retention removes old ones; `times_seen` counts them all). */
  eventCount: number;
  /** The person or team it is assigned to (null: nobody). */
  assignee: Assignee | null;
  /** Whether the viewer bookmarked it. */
  isBookmarked: boolean;
}

/** An issue's own columns as the issue page reads them (the issues table's row, as plain data). */
export interface IssueRecord {
  id: number;
  project_id: number;
  type: string;
  title: string;
  culprit: string;
  level: string;
  platform: string;
  /** unresolved | resolved | ignored | merged */
  status: string;
  /** unresolved: new | ongoing | regressed | escalating; ignored: archived_forever | archived_until_condition_met */
  substatus: string | null;
  /** JSON of an IssueResolution while resolved. */
  resolution: string | null;
  /** JSON of an IgnoreCondition while ignored. */
  ignore_condition: string | null;
  merged_into_id: number | null;
  first_seen: number;
  last_seen: number;
  times_seen: number;
  users_seen: number;
  first_release: string | null;
  last_release: string | null;
  status_changed_at: number;
  assignee_user_id: string | null;
  assignee_team_id: number | null;
  /** high | medium | low */
  priority: string;
}

/** What the issue page shows beside the issue and its event (src/server/pages/load-issue.ts reads it). */
/** The issue in the environment picked in the header (issues/get-issue-in-environment.ts). */
export interface IssueInEnvironment {
  environment: string;
  timesSeen: number;
  /** Distinct users of the stored events there. */
  usersSeen: number;
  volume: IssueVolume;
}

export interface IssuePageExtras {
  volume: IssueVolume;
  /** Set under the header's environment filter: the counts and volume there (`volume` is then that volume). */
  inEnvironment?: IssueInEnvironment | null;
  tags: TagDistribution[];
  comments: IssueComment[];
  /** The event's attachments; empty without an event. */
  attachments: EventAttachmentSummary[];
  /** Null without an event. */
  grouping: GroupingResult | null;
  /** Null without an event, or when resolving its frames failed (the page shows the stored frames). */
  resolution: StoredEventResolution | null;
  releases: string[];
  hints: IssueHints;
  /** User feedback on the issue's events, newest first. */
  feedback: FeedbackView[];
  /** The newest commit of the first release that touched a file of the newest event's in-app frames (find-suspect-commit). */
  suspectCommit: SuspectCommit | null;
}
