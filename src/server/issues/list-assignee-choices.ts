import { authorizeIssues, type AccessContext } from "../access/authorize";
import { getIssue } from "./get-issue";
import { listProjectOwners, type ProjectOwners } from "./owners/list-project-owners";

/**
 * Whom the assignee picker offers for an issue: the people who can see its project and the project's teams
 * (the only ones assign-issue accepts). Asked by those who may assign.
 */
export async function listAssigneeChoices(context: AccessContext, input: { issueId: number }): Promise<ProjectOwners> {
  await authorizeIssues(context, "issue.assign", [input.issueId]);
  const issue = await getIssue(context.db, input.issueId);
  return listProjectOwners(context.db, issue.project_id);
}
