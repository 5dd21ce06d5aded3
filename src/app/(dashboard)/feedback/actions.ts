"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { assignFeedback } from "@/server/feedback/assign-feedback";
import { setFeedbackStatus } from "@/server/feedback/set-feedback-status";

const feedbackId = z.coerce.number({ message: "Unknown feedback." }).int().positive("Unknown feedback.");
const statusInput = z.object({ feedbackId, status: z.enum(["new", "resolved"], { message: "Feedback is new or resolved." }) });
const assignInput = z.object({ feedbackId, assignee: z.string().max(320, "An assignee has at most 320 characters.") });

/** The feedback lists and the issue pages show feedback's status and assignee. */
function revalidateFeedbackViews(): void {
  revalidatePath("/feedback");
  revalidatePath("/projects/[projectSlug]/feedback", "page");
  revalidatePath("/projects/[projectSlug]/issues/[issueId]", "layout");
}

export async function setFeedbackStatusAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = statusInput.safeParse({ feedbackId: field(formData, "feedbackId"), status: field(formData, "status") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the form." };
  return runFormAction(
    () => setFeedbackStatus(context, parsed.data),
    () => {
      revalidateFeedbackViews();
      return { message: parsed.data.status === "resolved" ? "Resolved." : "Reopened." };
    },
  );
}

export async function assignFeedbackAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = assignInput.safeParse({ feedbackId: field(formData, "feedbackId"), assignee: field(formData, "assignee") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the form." };
  return runFormAction(
    () => assignFeedback(context, parsed.data),
    ({ assignee }) => {
      revalidateFeedbackViews();
      return { message: assignee ? `Assigned to ${assignee.type === "team" ? `#${assignee.slug}` : assignee.name || assignee.email}.` : "Unassigned." };
    },
  );
}
