import { z } from "zod";
import type { AccessContext } from "../access/authorize";
import { AppError } from "../errors";
import { authorizeFeedback } from "./authorize-feedback";

export const SetFeedbackStatusInput = z.object({
  feedbackId: z.number().int().positive(),
  status: z.enum(["new", "resolved"], { message: "Feedback is new or resolved." }),
});
export type SetFeedbackStatusInput = z.input<typeof SetFeedbackStatusInput>;

/** Resolves a piece of feedback, or reopens it (back to new). */
export async function setFeedbackStatus(context: AccessContext, input: SetFeedbackStatusInput): Promise<void> {
  const parsed = SetFeedbackStatusInput.safeParse(input);
  if (!parsed.success) throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "This status cannot be used.");
  await authorizeFeedback(context, "feedback.triage", parsed.data.feedbackId);
  await context.db.updateTable("feedback").set({ status: parsed.data.status }).where("id", "=", parsed.data.feedbackId).execute();
}
