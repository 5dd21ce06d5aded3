import type { AccessContext } from "../../access/authorize";
import { getIssueDetails } from "../../issues/get-issue-details";
import type { ApiIssueDetails } from "../schemas";
import { findApiIssue } from "./find-api-issue";
import { loadIssueExtras } from "./load-issue-extras";
import { serializeIssue } from "./serialize-issue";

/** One issue as Sentry's issue details: the list's fields plus activity, releases and 24 h / 30 d stats. */
export async function getApiIssue(context: AccessContext, ref: string, now = Date.now()): Promise<ApiIssueDetails> {
  const found = await findApiIssue(context, ref, "issue.read");
  return serializeIssueDetails(context, found.id, now);
}

export async function serializeIssueDetails(context: AccessContext, issueId: number, now = Date.now()): Promise<ApiIssueDetails> {
  const { issue, activity } = await getIssueDetails(context, issueId);
  const extras = (await loadIssueExtras(context.db, { issues: [issue], statsPeriods: ["24h", "30d"], now, viewerUserId: context.viewer.userId })).get(issue.id)!;
  // Actors are "user:<e-mail>" (and were "user:<name>" before accounts); the e-mail finds the account.
  const emails = [...new Set(activity.flatMap((entry) => (entry.actor.startsWith("user:") ? [entry.actor.slice(5)] : [])))];
  const users = emails.length > 0 ? await context.db.selectFrom("users").select(["id", "name", "email"]).where("email", "in", emails).execute() : [];
  const userOf = new Map(users.map((user) => [user.email, user]));
  const actorUser = (actor: string) => {
    if (!actor.startsWith("user:")) return null;
    const user = userOf.get(actor.slice(5));
    return { id: user?.id ?? actor.slice(5), name: user?.name ?? actor.slice(5) };
  };
  return {
    ...serializeIssue(issue, extras, context.config.publicUrl),
    activity: activity.map((entry) => ({
      id: String(entry.id),
      type: entry.kind,
      data: entry.data ?? {},
      dateCreated: new Date(Number(entry.createdAt)).toISOString(),
      user: actorUser(entry.actor),
    })),
    seenBy: [],
    participants: [],
    pluginActions: [],
    pluginIssues: [],
    pluginContexts: [],
    userReportCount: 0,
    firstRelease: issue.first_release ? { version: issue.first_release } : null,
    lastRelease: issue.last_release ? { version: issue.last_release } : null,
    stats: extras.stats ?? {},
  };
}
