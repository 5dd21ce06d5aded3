import type { IssueRow } from "../db/schema";
import { compareReleases } from "./compare-releases";
import { readIgnoreCondition, readResolution, settleAfterMs, type IssueResolution } from "./issue-status";

export interface IssueEventFacts {
  timestamp: number;
  receivedAt: number;
  release: string | null;
  level: string;
  title: string;
  culprit: string;
  /** The event's user has not been counted on this issue yet. */
  isNewUser: boolean;
}

export interface ActivityEntry {
  kind: string;
  actor: string;
  data: Record<string, unknown> | null;
  createdAt: number;
}

export type ReleaseFirstSeen = (release: string) => number | undefined;

/**
 * What one new event does to its (existing) issue, in memory: counters, first/last seen and releases,
 * the latest title, and the transitions an event causes — a resolved issue regresses (respecting
 * "resolved in release X"), an ignored one wakes when its condition is met, and new or regressed ones
 * settle into ongoing after a week. Digest applies events in order and writes the result once per batch.
 */
export function recordEventOnIssue(issue: IssueRow, facts: IssueEventFacts, firstSeenOf: ReleaseFirstSeen): ActivityEntry[] {
  issue.times_seen += 1;
  if (facts.isNewUser) issue.users_seen += 1;
  issue.first_seen = Math.min(issue.first_seen, facts.timestamp);
  if (facts.timestamp >= issue.last_seen) {
    issue.last_seen = facts.timestamp;
    issue.level = facts.level;
    issue.title = facts.title;
    issue.culprit = facts.culprit;
  }
  if (facts.release) {
    issue.first_release ??= facts.release;
    if (!issue.last_release || compareReleases(facts.release, issue.last_release, firstSeenOf) > 0) issue.last_release = facts.release;
  }
  const activity: ActivityEntry[] = [];
  const transition = (status: string, substatus: string | null, kind: string, data: Record<string, unknown> | null) => {
    issue.status = status;
    issue.substatus = substatus;
    issue.resolution = null;
    issue.ignore_condition = null;
    issue.status_changed_at = facts.receivedAt;
    activity.push({ kind, actor: "digest", data, createdAt: facts.receivedAt });
  };

  if (issue.status === "resolved") {
    const resolution = readResolution(issue.resolution);
    if (!resolution || isRegression(resolution, facts.release, firstSeenOf)) transition("unresolved", "regressed", "set_regression", { release: facts.release });
  } else if (issue.status === "ignored") {
    const condition = readIgnoreCondition(issue.ignore_condition);
    if (condition?.kind === "count" && issue.times_seen - condition.baseline >= condition.count) {
      transition("unresolved", "escalating", "set_escalating", { reason: `seen ${condition.count} more times` });
    } else if (condition?.kind === "users" && issue.users_seen - condition.baseline >= condition.count) {
      transition("unresolved", "escalating", "set_escalating", { reason: `affected ${condition.count} more users` });
    } else if (condition?.kind === "duration" && facts.receivedAt >= condition.until) {
      transition("unresolved", "ongoing", "set_unresolved", { reason: "the ignore period ended" });
    }
  } else if (issue.status === "unresolved" && (issue.substatus === "new" || issue.substatus === "regressed")) {
    const since = issue.substatus === "new" ? issue.first_seen : issue.status_changed_at;
    if (facts.receivedAt - since >= settleAfterMs) {
      issue.substatus = "ongoing";
      activity.push({ kind: "set_ongoing", actor: "system", data: null, createdAt: facts.receivedAt });
    }
  }
  return activity;
}

/**
 * Sentry's rule: an event without a release always reopens a resolved issue; with "resolved in X" only an
 * event from X or later does (X is where the fix shipped); with "in the next release" only one from a
 * release newer than the newest at the time of resolving.
 */
export function isRegression(resolution: IssueResolution, release: string | null, firstSeenOf: ReleaseFirstSeen): boolean {
  if (resolution.kind === "now" || !release) return true;
  if (resolution.kind === "in_release") return compareReleases(release, resolution.release, firstSeenOf) >= 0;
  return resolution.afterRelease === null || compareReleases(release, resolution.afterRelease, firstSeenOf) > 0;
}
