import type { AccessContext } from "../../access/authorize";
import { issueListScope } from "../../access/viewer";
import type { IssueQuery } from "./issue-query";
import { listRecentlySeenIssues, type IssueVersion } from "./list-recently-seen-issues";
import { authorizeIssueList } from "./load-issue-list";

/** The issue list's live check: the matching issues the viewer may see that were seen since `since`. */
export async function listLiveIssueChanges(context: AccessContext, input: { projectId?: number; query: IssueQuery; since: number }): Promise<IssueVersion[]> {
  await authorizeIssueList(context, input.projectId);
  return listRecentlySeenIssues(context.db, { ...input, now: Date.now(), ...issueListScope(context.viewer) });
}
