"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { dashboardActor } from "@/lib/actor";
import type { ActionState } from "@/lib/action-state";
import { getAppContext } from "@/server/app-context";
import { isAppError } from "@/server/errors";
import { mergeIssues } from "@/server/issues/merge-issues";
import { resolveIssue } from "@/server/issues/resolve-issue";

const bulkInput = z.object({
  intent: z.enum(["resolve", "merge"], { message: "Choose Resolve or Merge." }),
  issueIds: z.array(z.coerce.number().int().positive()).min(1, "Select the issues first.").max(100),
});

/** The issue list's bulk form: "Resolve" resolves each selected issue; "Merge" merges them and opens the result. */
export async function bulkIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const parsed = bulkInput.safeParse({ intent: formData.get("intent"), issueIds: formData.getAll("issue") });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Select the issues first." };
  const { intent, issueIds } = parsed.data;
  const { database } = await getAppContext();
  let mergedInto: number;
  try {
    if (intent === "resolve") {
      for (const issueId of issueIds) await resolveIssue(database, { issueId, actor: dashboardActor, kind: "now" });
      revalidatePath("/issues", "layout");
      return { message: issueIds.length === 1 ? "Resolved 1 issue." : `Resolved ${issueIds.length} issues.` };
    }
    ({ issueId: mergedInto } = await mergeIssues(database, { issueIds, actor: dashboardActor }));
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  revalidatePath("/issues", "layout");
  redirect(`/issues/${mergedInto}`);
}
