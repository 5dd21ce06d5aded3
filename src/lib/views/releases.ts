/** What src/server/releases hands to pages and components, as plain data (the verbs that produce it re-export it). */

/** A release's sessions in a window, as digest counted them from the SDKs' session updates and aggregates. */
export interface ReleaseHealth {
  /** Sessions started in the window. */
  sessions: number;
  crashed: number;
  /** Sessions that had an error the app caught (a crashed or abnormal one is not counted again here). */
  errored: number;
  /** Sessions that ended without a clean exit and without a crash (the app was killed or hung). */
  abnormal: number;
  /** Sentry's "crash-free sessions": 1 − crashed ÷ started, 0–1. */
  crashFreeRate: number;
  /** The release's share of all the project's sessions in the window, 0–1 (Sentry's "adoption"). */
  adoption: number;
}

export interface ProjectRelease {
  version: string;
  /** When the project first saw the release (an event, or the release API). */
  firstSeen: number;
  /** Set by `sentry-cli releases finalize` (the API's dateReleased). */
  dateReleased: number | null;
  /** Issues first seen in this release. */
  newIssues: number;
  /** The latest deploy recorded for the version (`sentry-cli deploys new`). */
  lastDeploy: { environment: string; finishedAt: number } | null;
  /** Null: no session of this release in the window (the SDK tracks none, or nobody ran it lately). */
  health: ReleaseHealth | null;
}

/** An issue in one of a release page's lists (new, regressed, resolved). */
export interface ReleaseIssue {
  id: number;
  title: string;
  culprit: string;
  level: string;
  status: string;
  timesSeen: number;
  usersSeen: number;
  lastSeen: number;
}

/** One release of a project, as its page shows it (src/server/releases/get-release-page). */
export interface ReleasePage {
  version: string;
  firstSeen: number;
  dateReleased: number | null;
  /** The last 14 days, oldest first: events of the release and sessions it started, per UTC day. */
  days: { start: number; events: number; sessions: number }[];
  /** Null: no session of the release in the 14 days. */
  health: (ReleaseHealth & { users: number; crashFreeUserRate: number | null }) | null;
  newIssues: ReleaseIssue[];
  regressedIssues: ReleaseIssue[];
  resolvedIssues: ReleaseIssue[];
  /** The latest deploy per environment, and how many deploys the environment had. */
  deploys: { environment: string; name: string | null; url: string | null; finishedAt: number; count: number }[];
}
