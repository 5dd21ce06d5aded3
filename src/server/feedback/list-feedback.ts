import { z } from "zod";
import { authorize, authorizeProject, type AccessContext } from "../access/authorize";
import { visibleProjectIds } from "../access/viewer";
import { AppError } from "../errors";
import { feedbackMatches, selectFeedback, toFeedbackViews } from "./load-feedback-views";
import type { FeedbackView } from "@/lib/views/feedback";

export const ListFeedbackInput = z.object({
  /** One project, or every project the viewer sees. */
  projectSlug: z.string().min(1).max(100).optional(),
  status: z.enum(["new", "resolved", "all"]).default("new"),
  /** Words matched in the message, name, e-mail and URL. */
  query: z.string().trim().max(200, "A feedback search has at most 200 characters.").default(""),
  /** Only feedback with a smaller id: the next page. */
  beforeId: z.number().int().positive().optional(),
  limit: z.number().int().min(1).max(100).default(50),
});
export type ListFeedbackInput = z.input<typeof ListFeedbackInput>;

/** Feedback newest first, of one project or of all the viewer sees, by status, optionally searched. */
export async function listFeedback(context: AccessContext, input: ListFeedbackInput): Promise<FeedbackView[]> {
  const parsed = ListFeedbackInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This feedback search cannot be used.");
  const { projectSlug, status, query, beforeId, limit } = parsed.data;
  let select = selectFeedback(context.db);
  if (projectSlug !== undefined) {
    const { project } = await authorizeProject(context, "feedback.list", projectSlug);
    select = select.where("feedback.project_id", "=", project.id);
  } else {
    authorize(context, "feedback.list");
    const visible = visibleProjectIds(context.viewer);
    if (visible !== null) {
      if (visible.length === 0) return [];
      select = select.where("feedback.project_id", "in", visible);
    }
  }
  if (status !== "all") select = select.where("feedback.status", "=", status);
  for (const word of query.split(/\s+/).filter(Boolean)) select = select.where((eb) => feedbackMatches(eb, word));
  if (beforeId !== undefined) select = select.where("feedback.id", "<", beforeId);
  const rows = await select.orderBy("feedback.id", "desc").limit(limit).execute();
  return toFeedbackViews(context.db, rows);
}
