"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { formField as field, runFormAction } from "@/server/actions/form-action";
import { getAppContext } from "@/server/app-context";
import { listAssigneeChoices } from "@/server/issues/list-assignee-choices";
import type { ProjectOwners } from "@/server/issues/owners/list-project-owners";
import { setIssueBookmark } from "@/server/issues/set-issue-bookmark";
import { setIssuePriority } from "@/server/issues/set-issue-priority";

const issueId = z.coerce.number({ message: "Unknown issue." }).int().positive("Unknown issue.");
const priorityInput = z.object({ issueId, priority: z.enum(["high", "medium", "low"], { message: "A priority is high, medium or low." }) });
const bookmarkInput = z.object({ issueId, bookmarked: z.enum(["true", "false"], { message: "Say whether to bookmark it." }) });

/** Every issue page, the lists and the home page show priority, assignee and bookmarks. */
function revalidateIssueViews(): void {
  revalidatePath("/projects/[projectSlug]/issues/[issueId]", "layout");
  revalidatePath("/projects/[projectSlug]/issues", "page");
  revalidatePath("/issues");
  revalidatePath("/");
}

export type AssigneeChoicesState = ActionState & { choices?: ProjectOwners };

/** The people and teams the assignee picker offers for the issue (loaded when the picker opens). */
export async function loadAssigneeChoicesAction(_previous: AssigneeChoicesState, formData: FormData): Promise<AssigneeChoicesState> {
  const context = await getAppContext();
  const parsed = issueId.safeParse(field(formData, "issueId"));
  if (!parsed.success) return { error: "Unknown issue." };
  return runFormAction(
    () => listAssigneeChoices(context, { issueId: parsed.data }),
    (choices) => ({ message: `${choices.people.length + choices.teams.length} to choose from.`, choices }),
  );
}

export async function setIssuePriorityAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = priorityInput.safeParse({ issueId: field(formData, "issueId"), priority: field(formData, "priority") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the form." };
  return runFormAction(
    () => setIssuePriority(context, parsed.data),
    ({ priority }) => {
      revalidateIssueViews();
      return { message: `Priority set to ${priority}.` };
    },
  );
}

export async function setIssueBookmarkAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = bookmarkInput.safeParse({ issueId: field(formData, "issueId"), bookmarked: field(formData, "bookmarked") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the form." };
  return runFormAction(
    () => setIssueBookmark(context, { issueId: parsed.data.issueId, bookmarked: parsed.data.bookmarked === "true" }),
    ({ bookmarked }) => {
      revalidateIssueViews();
      return { message: bookmarked ? "Bookmarked." : "Bookmark removed." };
    },
  );
}
