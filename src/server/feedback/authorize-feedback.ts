import { authorize, type AccessContext } from "../access/authorize";
import type { Verb } from "../access/policy";
import { canSeeProject } from "../access/viewer";
import { AppError } from "../errors";

/** The feedback's project, if the feedback exists in a project the viewer sees and they may `verb`; else not_found. */
export async function authorizeFeedback(context: AccessContext, verb: Verb, feedbackId: number): Promise<{ projectId: number }> {
  const row = await context.db.selectFrom("feedback").select("project_id").where("id", "=", feedbackId).executeTakeFirst();
  if (!row || !canSeeProject(context.viewer, Number(row.project_id))) throw new AppError("not_found", `No feedback has id ${feedbackId}.`);
  authorize(context, verb);
  return { projectId: Number(row.project_id) };
}
