import type { AccessContext } from "../../access/authorize";
import { AppError } from "../../errors";
import { assignIssue } from "../../issues/assign-issue";
import { setIssueBookmark } from "../../issues/set-issue-bookmark";
import { setIssuePriority } from "../../issues/set-issue-priority";
import { getIssue } from "../../issues/get-issue";
import { ignoreIssue, type IgnoreUntil } from "../../issues/ignore-issue";
import { mergeIssues } from "../../issues/merge-issues";
import { resolveIssue, type ResolveIssueInput } from "../../issues/resolve-issue";
import { unresolveIssue } from "../../issues/unresolve-issue";
import { ApiIssueUpdate, type ApiIssueUpdateResult } from "../schemas";
import { loadIssueExtras } from "./load-issue-extras";
import { statusDetailsOf } from "./serialize-issue";

/** Sentry's limit on one bulk change. */
export const maxBulkIssues = 1000;

/** Reads a PUT body as Sentry's issue update; 400 with the field named when it is not one. */
export function parseIssueUpdate(body: unknown): ApiIssueUpdate {
  const parsed = ApiIssueUpdate.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError("bad_request", `Invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? "expected a JSON object"}.`);
  }
  const update = parsed.data;
  if (update.status === undefined && update.assignedTo === undefined && update.priority === undefined && update.isBookmarked === undefined && !update.merge) {
    if (update.hasSeen !== undefined || update.isSubscribed !== undefined) return update;
    throw new AppError("bad_request", "Nothing to change: send status, statusDetails, assignedTo, priority, isBookmarked or merge.");
  }
  return update;
}

/**
 * Applies Sentry's issue update to each issue through the issue verbs (resolve, ignore, unresolve, assign,
 * set priority, bookmark, merge), which check that the viewer may. Answers what Sentry's bulk update answers: the fields as they
 * now are.
 */
export async function updateApiIssues(context: AccessContext, issueIds: number[], update: ApiIssueUpdate): Promise<ApiIssueUpdateResult> {
  if (issueIds.length === 0) throw new AppError("bad_request", "No issue matches.");
  if (issueIds.length > maxBulkIssues) throw new AppError("bad_request", `Change at most ${maxBulkIssues} issues at once.`);
  if (update.merge) {
    const { issueId } = await mergeIssues(context, { issueIds });
    return { merge: { parent: String(issueId), children: issueIds.filter((id) => id !== issueId).map(String) } };
  }
  const assignee = update.assignedTo === undefined ? undefined : (update.assignedTo?.trim() ?? "");
  const change = update.status === undefined ? null : statusChange(update);
  for (const issueId of issueIds) {
    if (change?.kind === "resolve") await resolveIssue(context, resolveInput(issueId, change.resolution));
    else if (change?.kind === "ignore") await ignoreIssue(context, { issueId, until: change.until });
    else if (change?.kind === "unresolve") await unresolveIssue(context, { issueId });
    if (assignee !== undefined) await assignIssue(context, { issueId, assignee });
    if (update.priority !== undefined) await setIssuePriority(context, { issueId, priority: update.priority });
    if (update.isBookmarked !== undefined) await setIssueBookmark(context, { issueId, bookmarked: update.isBookmarked });
  }
  const result: ApiIssueUpdateResult = {};
  const first = await getIssue(context.db, issueIds[0]!);
  if (change) {
    result.status = first.status === "resolved" || first.status === "ignored" ? first.status : "unresolved";
    result.statusDetails = statusDetailsOf(first);
  }
  if (assignee !== undefined || update.isBookmarked !== undefined) {
    const extras = await loadIssueExtras(context.db, { issues: [first], statsPeriods: [], now: Date.now(), viewerUserId: context.viewer.userId });
    if (assignee !== undefined) result.assignedTo = extras.get(first.id)?.assignedTo ?? null;
    if (update.isBookmarked !== undefined) result.isBookmarked = extras.get(first.id)?.isBookmarked ?? false;
  }
  if (update.priority !== undefined) result.priority = update.priority;
  return result;
}

type Resolution = { kind: "now" } | { kind: "in_release"; release: string } | { kind: "next_release" };

function resolveInput(issueId: number, resolution: Resolution): ResolveIssueInput {
  return resolution.kind === "in_release" ? { issueId, kind: "in_release", release: resolution.release } : { issueId, kind: resolution.kind };
}

type StatusChange =
  | { kind: "resolve"; resolution: Resolution }
  | { kind: "ignore"; until: IgnoreUntil }
  | { kind: "unresolve" };

function statusChange(update: ApiIssueUpdate): StatusChange {
  const { status } = update;
  // Sentry's MCP server sends the ignore condition beside `status`, the web UI inside `statusDetails`.
  const details = {
    ignoreDuration: update.ignoreDuration,
    ignoreCount: update.ignoreCount,
    ignoreUserCount: update.ignoreUserCount,
    ...Object.fromEntries(Object.entries(update.statusDetails ?? {}).filter(([, value]) => value !== undefined)),
  } as NonNullable<ApiIssueUpdate["statusDetails"]>;
  if (status === "unresolved") return { kind: "unresolve" };
  if (status === "ignored") {
    if (details.ignoreDuration !== undefined) return { kind: "ignore", until: { kind: "duration", minutes: details.ignoreDuration } };
    if (details.ignoreCount !== undefined) return { kind: "ignore", until: { kind: "count", count: details.ignoreCount } };
    if (details.ignoreUserCount !== undefined) return { kind: "ignore", until: { kind: "users", count: details.ignoreUserCount } };
    return { kind: "ignore", until: { kind: "forever" } };
  }
  if (status === "resolvedInNextRelease" || details.inNextRelease) return { kind: "resolve", resolution: { kind: "next_release" } };
  if (details.inRelease !== undefined) return { kind: "resolve", resolution: { kind: "in_release", release: details.inRelease } };
  return { kind: "resolve", resolution: { kind: "now" } };
}
