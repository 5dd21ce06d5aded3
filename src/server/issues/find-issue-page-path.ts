import { authorizeIssues, type AccessContext } from "../access/authorize";
import { isAppError } from "../errors";

/**
 * Where a Sentry-style link to an issue opens in Lantern: `/organizations/{org}/issues/{id or SHORT-ID}/`
 * (and `…/events/{eventId}/`), as Sentry's tools print them, to the issue's own page (or its event's). Null
 * — the page's not-found — for another organization, a ref that names no issue, an issue the viewer cannot
 * see (indistinguishable from a missing one), a short id of another project, or an event not in the issue.
 * A merged issue leads to the issue it was merged into, as its own page would.
 */
export async function findIssuePagePath(context: AccessContext, input: { organizationSlug: string; issueRef: string; eventId?: string }): Promise<string | null> {
  if (input.organizationSlug !== context.config.auth.organizationSlug && input.organizationSlug !== "1") return null;
  const match = /^(?:([A-Za-z0-9_-]+)-)?(\d{1,15})$/.exec(input.issueRef);
  if (!match || Number(match[2]) <= 0) return null;
  let issueId = Number(match[2]);
  try {
    await authorizeIssues(context, "issue.read", [issueId]);
    let issue = await context.db.selectFrom("issues").select(["id", "project_id", "status", "merged_into_id"]).where("id", "=", issueId).executeTakeFirstOrThrow();
    const project = await context.db.selectFrom("projects").select("slug").where("id", "=", issue.project_id).executeTakeFirstOrThrow();
    if (match[1] !== undefined && match[1].toUpperCase() !== project.slug.toUpperCase()) return null;
    for (let hops = 0; issue.status === "merged" && issue.merged_into_id !== null && hops < 20; hops++) {
      await authorizeIssues(context, "issue.read", [issue.merged_into_id]);
      issue = await context.db.selectFrom("issues").select(["id", "project_id", "status", "merged_into_id"]).where("id", "=", issue.merged_into_id).executeTakeFirstOrThrow();
    }
    issueId = Number(issue.id);
    const target = await context.db.selectFrom("projects").select("slug").where("id", "=", issue.project_id).executeTakeFirstOrThrow();
    const issuePath = `/projects/${encodeURIComponent(target.slug)}/issues/${issueId}`;
    if (input.eventId === undefined) return issuePath;
    const eventId = input.eventId.replace(/-/g, "").toLowerCase();
    if (!/^[0-9a-f]{32}$/.test(eventId)) return null;
    const event = await context.db.selectFrom("events").select("id").where("project_id", "=", issue.project_id).where("event_id", "=", eventId).where("issue_id", "=", issueId).executeTakeFirst();
    return event ? `${issuePath}/events/${eventId}` : null;
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return null;
    throw error;
  }
}
