import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { assigneeColumns, type Assignee } from "../issues/owners/issue-assignee";
import { listProjectOwners } from "../issues/owners/list-project-owners";
import { loadAssignees } from "../issues/owners/load-assignees";
import { resolveAssignee } from "../issues/owners/resolve-assignee";
import { authorizeFeedback } from "./authorize-feedback";

export const AssignFeedbackInput = z.object({
  feedbackId: z.number().int().positive(),
  /** As for issues: "user:<id>", "team:<id>", "#team-slug", an e-mail or a name; empty or null unassigns. */
  assignee: z
    .string()
    .trim()
    .max(320, "An assignee has at most 320 characters.")
    .nullable()
    .transform((text) => (text === "" ? null : text)),
});
export type AssignFeedbackInput = z.input<typeof AssignFeedbackInput>;

/** Assigns feedback to a person or team who can see its project, or to nobody. */
export async function assignFeedback(context: AccessContext, input: AssignFeedbackInput): Promise<{ assignee: Assignee | null }> {
  const parsed = AssignFeedbackInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This assignee cannot be used.");
  const { feedbackId, assignee: text } = parsed.data;
  const { projectId } = await authorizeFeedback(context, "feedback.triage", feedbackId);
  const wanted = text === null ? null : resolveAssignee(await listProjectOwners(context.db, projectId), text);
  const columns = assigneeColumns(wanted);
  await context.db.updateTable("feedback").set(columns).where("id", "=", feedbackId).execute();
  const [after] = [...(await loadAssignees(context.db, [{ id: feedbackId, ...columns }])).values()];
  return { assignee: after ?? null };
}
