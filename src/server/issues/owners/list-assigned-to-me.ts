import { assignedToMeQuery, assignedToMyTeamsQuery } from "@/lib/assigned-to-me-queries";
import type { AccessContext } from "../../access/authorize";
import { loadIssueList } from "../search/load-issue-list";
import type { AssignedIssue } from "@/lib/views/issues";
export type { AssignedIssue } from "@/lib/views/issues";

/**
 * The home page's "Assigned to me", which counts one's teams as Sentry's does: the viewer's unresolved
 * issues assigned to them or to a team they are in, most recently seen first. Two list reads of `limit`
 * issues each (indexes issues_assignee_user and issues_assignee_team), merged.
 */
export async function listAssignedToMe(context: AccessContext, { limit = 5 }: { limit?: number } = {}): Promise<AssignedIssue[]> {
  const mine = await loadIssueList(context, { query: assignedToMeQuery, sort: "last_seen", limit });
  const teams = await loadIssueList(context, { query: assignedToMyTeamsQuery, sort: "last_seen", limit });
  return [...mine.issues, ...teams.issues].sort((a, b) => b.lastSeen - a.lastSeen || b.id - a.id).slice(0, limit);
}
