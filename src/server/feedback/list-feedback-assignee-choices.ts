import { authorizeProjectId, type AccessContext } from "../access/authorize";
import { listProjectOwners, type ProjectOwners } from "../issues/owners/list-project-owners";

/** Whom feedback of these projects may be assigned to, per project: the people who see it and its teams. */
export async function listFeedbackAssigneeChoices(context: AccessContext, projectIds: readonly number[]): Promise<Map<number, ProjectOwners>> {
  const choices = new Map<number, ProjectOwners>();
  for (const projectId of new Set(projectIds)) {
    await authorizeProjectId(context, "feedback.triage", projectId);
    choices.set(projectId, await listProjectOwners(context.db, projectId));
  }
  return choices;
}
