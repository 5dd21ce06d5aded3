import type { IssueRow } from "../../db/schema";
import { IgnoreCondition, IssueResolution } from "../../issues/issue-status";
import type { ApiAssignee, ApiIssue, ApiProjectRef, ApiStatusDetails } from "../schemas";
import { isIssuePriority, priorityOfLevel } from "../../issues/owners/issue-priority";
import { performanceEventType, performanceIssueTypeOf } from "../../spans/performance-issue-events";
import { issueCategoryOf } from "@/lib/issue-types";

/** What an issue's serialization needs besides its row, loaded for a whole page at once (load-issue-extras). */
export interface IssueExtras {
  project: { id: number; slug: string; name: string; platform: string };
  numComments: number;
  assignedTo: ApiAssignee | null;
  /** Whether the caller bookmarked it. */
  isBookmarked: boolean;
  /** Keyed by period ("24h", "14d"…); absent when the caller asked for none. */
  stats?: Record<string, [number, number][]>;
}

export type SerializableIssue = Pick<
  IssueRow,
  "id" | "type" | "title" | "culprit" | "level" | "priority" | "platform" | "status" | "substatus" | "resolution" | "ignore_condition" | "first_seen" | "last_seen" | "times_seen" | "users_seen"
>;

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** `SHOP-42` for issue 42 of project "shop": Sentry's short id, readable, and parseable back (parseIssueRef). */
export function shortIdOf(projectSlug: string, issueId: number): string {
  return `${projectSlug.toUpperCase()}-${issueId}`;
}

export function projectRefOf(project: IssueExtras["project"]): ApiProjectRef {
  return { id: String(project.id), name: project.name, slug: project.slug, platform: project.platform === "other" ? null : project.platform };
}

/** Sentry's statusDetails from the stored resolution or ignore condition (issues/issue-status.ts). */
export function statusDetailsOf(issue: Pick<IssueRow, "status" | "resolution" | "ignore_condition">): ApiStatusDetails {
  if (issue.status === "resolved") {
    const resolution = parseJson(IssueResolution, issue.resolution);
    if (resolution?.kind === "in_release") return { inRelease: resolution.release };
    if (resolution?.kind === "next_release") return { inNextRelease: true };
    return {};
  }
  if (issue.status === "ignored") {
    const condition = parseJson(IgnoreCondition, issue.ignore_condition);
    if (condition?.kind === "count") return { ignoreCount: condition.count };
    if (condition?.kind === "users") return { ignoreUserCount: condition.count };
    if (condition?.kind === "duration") return condition.minutes === undefined ? { ignoreUntil: iso(condition.until) } : { ignoreUntil: iso(condition.until), ignoreDuration: condition.minutes };
  }
  return {};
}

function parseJson<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, json: string | null): T | null {
  if (!json) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Error issues are titled "Type: value" (digest's title); Sentry's metadata splits it back. */
export function metadataOf(type: string, title: string): ApiIssue["metadata"] {
  if (type !== "error") return { title };
  const colon = title.indexOf(": ");
  return colon === -1 ? { type: title, value: "" } : { type: title.slice(0, colon), value: title.slice(colon + 2) };
}

/** One issue as Sentry's issue endpoints answer. A merged issue is never listed; callers follow it to its target first. */
export function serializeIssue(issue: SerializableIssue, extras: IssueExtras, publicUrl: string): ApiIssue {
  const status = issue.status === "resolved" || issue.status === "ignored" ? issue.status : "unresolved";
  return {
    id: String(issue.id),
    shareId: null,
    shortId: shortIdOf(extras.project.slug, issue.id),
    title: issue.title,
    culprit: issue.culprit,
    permalink: `${publicUrl}/projects/${encodeURIComponent(extras.project.slug)}/issues/${issue.id}`,
    logger: null,
    level: issue.level,
    status,
    statusDetails: statusDetailsOf(issue),
    substatus: issue.substatus,
    isPublic: false,
    platform: issue.platform,
    project: projectRefOf(extras.project),
    type: issue.type,
    metadata: metadataOf(issue.type, issue.title),
    numComments: extras.numComments,
    assignedTo: extras.assignedTo,
    isBookmarked: extras.isBookmarked,
    isSubscribed: false,
    subscriptionDetails: null,
    hasSeen: false,
    annotations: [],
    // Sentry's names: performance issues (N+1 queries), cron and uptime failures are their own category and type.
    issueType: issueTypeName(issue.type, issue.title),
    issueCategory: issueCategoryOf(issue.type),
    priority: isIssuePriority(issue.priority) ? issue.priority : priorityOfLevel(issue.level),
    count: String(issue.times_seen),
    userCount: Number(issue.users_seen),
    firstSeen: iso(issue.first_seen),
    lastSeen: iso(issue.last_seen),
    ...(extras.stats ? { stats: extras.stats } : {}),
  };
}

function issueTypeName(type: string, title: string): string {
  if (type === "error") return "error";
  if (type === performanceEventType) return performanceIssueTypeOf(title);
  if (issueCategoryOf(type) !== "error") return type;
  return "default";
}
