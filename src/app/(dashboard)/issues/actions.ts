"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { ActionState } from "@/lib/action-state";
import { ignoreDurations } from "@/lib/ignore-durations";
import { runFormAction } from "@/server/actions/form-action";
import { getAppContext, type AppContext } from "@/server/app-context";
import { deleteIssues } from "@/server/issues/delete-issues";
import { ignoreIssue, type IgnoreUntil } from "@/server/issues/ignore-issue";
import { mergeIssues } from "@/server/issues/merge-issues";
import { resolveIssue } from "@/server/issues/resolve-issue";

const count = z.coerce.number({ message: "Enter a whole number." }).int("Enter a whole number.").positive("Enter a number above zero.").max(1_000_000_000);
const issueIds = z.array(z.coerce.number().int().positive()).min(1, "Select the issues first.").max(100, "Select at most 100 issues.");

const bulkInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["resolve", "resolve_next_release", "ignore_forever", "merge", "delete"]), issueIds }),
  z.object({ intent: z.enum(["ignore_count", "ignore_users"]), issueIds, count }),
  z.object({
    intent: z.literal("ignore_duration"),
    issueIds,
    minutes: z.coerce.number().refine((minutes) => ignoreDurations.some((duration) => duration.minutes === minutes), "Choose one of the offered durations."),
  }),
]);
type BulkInput = z.infer<typeof bulkInput>;

const issuesWord = (total: number) => (total === 1 ? "1 issue" : `${total} issues`);

function ignoreUntil(input: BulkInput): IgnoreUntil {
  if (input.intent === "ignore_count") return { kind: "count", count: input.count };
  if (input.intent === "ignore_users") return { kind: "users", count: input.count };
  if (input.intent === "ignore_duration") return { kind: "duration", minutes: input.minutes };
  return { kind: "forever" };
}

/** Runs one bulk change through its verb (which checks the viewer may, for every issue) and says what happened. */
async function apply(context: AppContext, input: BulkInput): Promise<string> {
  const { intent, issueIds: ids } = input;
  switch (intent) {
    case "resolve":
    case "resolve_next_release":
      for (const issueId of ids) await resolveIssue(context, { issueId, kind: intent === "resolve" ? "now" : "next_release" });
      return `Resolved ${issuesWord(ids.length)}${intent === "resolve" ? "" : " in the next release"}.`;
    case "merge": {
      const { issueId } = await mergeIssues(context, { issueIds: ids });
      return `Merged ${issuesWord(ids.length)} into issue #${issueId}.`;
    }
    case "delete":
      return `Deleted ${issuesWord(await deleteIssues(context, { issueIds: ids }))}.`;
    default:
      for (const issueId of ids) await ignoreIssue(context, { issueId, until: ignoreUntil(input) });
      return `Ignored ${issuesWord(ids.length)}.`;
  }
}

/**
 * The issue list's bulk form: `intent` names the change (resolve, resolve_next_release, ignore_forever,
 * ignore_count / ignore_users with `count`, ignore_duration with `minutes`, merge, delete) and every
 * checked `issue` is changed. Both lists (all projects and one project's) are revalidated.
 */
export async function bulkIssueAction(_previous: ActionState, formData: FormData): Promise<ActionState> {
  const context = await getAppContext();
  const parsed = bulkInput.safeParse({
    intent: formData.get("intent"),
    issueIds: formData.getAll("issue"),
    count: formData.get("count") ?? undefined,
    minutes: formData.get("minutes") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { error: issue?.code === "invalid_union" ? "Choose an action." : (issue?.message ?? "Select the issues first.") };
  }
  // A bulk change refused part-way may have changed the first issues already: the lists show them either way.
  const revalidateLists = () => {
    revalidatePath("/issues", "layout");
    revalidatePath("/projects/[projectSlug]/issues", "page");
  };
  return runFormAction<string, ActionState>(
    () => apply(context, parsed.data),
    (message) => {
      revalidateLists();
      return { message };
    },
    (error) => {
      revalidateLists();
      return { error };
    },
  );
}
